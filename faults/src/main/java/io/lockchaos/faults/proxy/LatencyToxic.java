package io.lockchaos.faults.proxy;

import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * {@code latency}: every chunk leaves {@code latency} ± {@code jitter} ms after it was read.
 * The delay is counted from the read, so a stream of chunks is delayed, not slowed down.
 */
record LatencyToxic(long latency, long jitter) implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        return new Delay(this, link.random());
    }

    /** Latency + a uniform draw from [-jitter, jitter), as Toxiproxy computes it, in nanoseconds. */
    long drawDelayNanos(RandomGenerator random) {
        long millis = latency;
        if (jitter > 0) {
            millis += random.nextLong(2 * jitter) - jitter;
        }
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    private static final class Delay implements Effect {
        private final LatencyToxic toxic;
        private final RandomGenerator random;

        Delay(LatencyToxic toxic, RandomGenerator random) {
            this.toxic = toxic;
            this.random = random;
        }

        @Override
        public void onChunk(Chunk chunk, Flow next) {
            long due = chunk.timestampNanos() + toxic.drawDelayNanos(random);
            next.pauseUntil(due);
            next.emit(chunk.withTimestamp(due));
        }

        @Override
        public void onEnd(Flow next) {
            next.end();
        }
    }
}
