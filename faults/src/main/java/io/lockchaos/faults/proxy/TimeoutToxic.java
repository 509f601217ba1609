package io.lockchaos.faults.proxy;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * {@code timeout}: no data gets through. With {@code timeout} > 0 the connection is closed once
 * that many ms pass without data arriving (each dropped chunk restarts the clock, as in
 * Toxiproxy); with 0 it is held open, silently, until the toxic goes. Removing the toxic closes
 * the connections it held, and so does the end of the stream.
 */
record TimeoutToxic(long timeout) implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        Blackhole blackhole = new Blackhole(this, link);
        blackhole.arm();
        return blackhole;
    }

    private static final class Blackhole implements Effect {
        private final TimeoutToxic toxic;
        private final LinkControl link;
        private Future<?> timer; // guarded by this
        private boolean cancelled; // guarded by this

        Blackhole(TimeoutToxic toxic, LinkControl link) {
            this.toxic = toxic;
            this.link = link;
        }

        synchronized void arm() {
            if (timer != null) {
                timer.cancel(false);
            }
            if (!cancelled && toxic.timeout() > 0) {
                timer = link.schedule(TimeUnit.MILLISECONDS.toNanos(toxic.timeout()), link::close);
            }
        }

        @Override
        public void onChunk(Chunk chunk, Flow next) {
            arm();
        }

        @Override
        public void onEnd(Flow next) {
            cancel();
            link.close();
        }

        @Override
        public void onRemoved() {
            cancel();
            link.close();
        }

        @Override
        public synchronized void cancel() {
            cancelled = true;
            if (timer != null) {
                timer.cancel(false);
            }
        }
    }
}
