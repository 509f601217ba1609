package io.lockchaos.faults.proxy;

/**
 * {@code bandwidth}: data passes at most {@code rate} KB/s (1 KB = 1000 bytes, as Toxiproxy
 * counts). Large chunks leave in pieces of 100 ms worth of data; each piece leaves when the link
 * would have finished sending it. Idle time earns no credit. A rate of 0 or less lets data through.
 */
record BandwidthToxic(long rate) implements Toxic {

    private static final long PIECE_MILLIS = 100;

    @Override
    public Effect start(LinkControl link) {
        return new Pacer(this);
    }

    private static final class Pacer implements Effect {
        private final BandwidthToxic toxic;
        private long freeAtNanos = Long.MIN_VALUE;

        Pacer(BandwidthToxic toxic) {
            this.toxic = toxic;
        }

        @Override
        public void onChunk(Chunk chunk, Flow next) {
            long rate = toxic.rate();
            if (rate <= 0) {
                next.emit(chunk);
                return;
            }
            int pieceSize = (int) Math.min(Integer.MAX_VALUE, rate * PIECE_MILLIS);
            for (int from = 0; from < chunk.size(); from += pieceSize) {
                int to = Math.min(chunk.size(), from + pieceSize);
                long now = System.nanoTime();
                // rate KB/s == rate bytes/ms: n bytes take n * 1e6 / rate ns.
                freeAtNanos = Math.max(freeAtNanos, now) + (to - from) * 1_000_000L / rate;
                if (!next.pauseUntil(freeAtNanos)) {
                    freeAtNanos = System.nanoTime();
                    next.emit(chunk.slice(from, chunk.size()));
                    return;
                }
                next.emit(from == 0 && to == chunk.size() ? chunk : chunk.slice(from, to));
            }
        }

        @Override
        public void onEnd(Flow next) {
            next.end();
        }
    }
}
