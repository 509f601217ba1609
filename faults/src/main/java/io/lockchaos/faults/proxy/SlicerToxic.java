package io.lockchaos.faults.proxy;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * {@code slicer}: cuts each chunk into pieces of about {@code average_size} ± {@code size_variation}
 * bytes (halving recursively with a random offset, as Toxiproxy does, so piece sizes do not drift
 * along the chunk) and waits {@code delay} µs after each piece. All bytes get through, in order.
 */
record SlicerToxic(
        @JsonProperty("average_size") int averageSize,
        @JsonProperty("size_variation") int sizeVariation,
        @JsonProperty("delay") int delay)
        implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        return new Slicer(this, link.random());
    }

    /** Cut points of {@code [start, end)}: ascending offsets from start to end, each piece ≥ 1 byte. */
    List<Integer> cuts(int start, int end, RandomGenerator random) {
        List<Integer> cuts = new ArrayList<>();
        cuts.add(start);
        cut(start, end, random, cuts);
        return cuts;
    }

    private void cut(int start, int end, RandomGenerator random, List<Integer> cuts) {
        int size = end - start;
        if (size <= 1 || size - averageSize <= sizeVariation) {
            cuts.add(end);
            return;
        }
        int mid = start + size / 2;
        if (sizeVariation > 0) {
            mid += random.nextInt(sizeVariation * 2) - sizeVariation;
        }
        mid = Math.max(start + 1, Math.min(end - 1, mid));
        cut(start, mid, random, cuts);
        cut(mid, end, random, cuts);
    }

    private static final class Slicer implements Effect {
        private final SlicerToxic toxic;
        private final RandomGenerator random;

        Slicer(SlicerToxic toxic, RandomGenerator random) {
            this.toxic = toxic;
            this.random = random;
        }

        @Override
        public void onChunk(Chunk chunk, Flow next) {
            List<Integer> cuts = toxic.cuts(0, chunk.size(), random);
            long pause = TimeUnit.MICROSECONDS.toNanos(toxic.delay());
            for (int i = 1; i < cuts.size(); i++) {
                next.emit(chunk.slice(cuts.get(i - 1), cuts.get(i)));
                boolean last = i == cuts.size() - 1;
                if (pause > 0 && !next.pauseUntil(System.nanoTime() + pause) && !last) {
                    next.emit(chunk.slice(cuts.get(i), chunk.size()));
                    return;
                }
            }
        }

        @Override
        public void onEnd(Flow next) {
            next.end();
        }
    }
}
