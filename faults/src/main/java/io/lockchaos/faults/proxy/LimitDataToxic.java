package io.lockchaos.faults.proxy;

/**
 * {@code limit_data}: lets {@code bytes} bytes through, then closes the connection. The count is
 * kept per link across updates of the toxic, as Toxiproxy keeps it.
 */
record LimitDataToxic(long bytes) implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        return new Limiter(this, link, 0);
    }

    private static final class Limiter implements Effect {
        private final LimitDataToxic toxic;
        private final LinkControl link;
        private volatile long transmitted; // written by the pump, read by an update

        Limiter(LimitDataToxic toxic, LinkControl link, long transmitted) {
            this.toxic = toxic;
            this.link = link;
            this.transmitted = transmitted;
        }

        @Override
        public void onChunk(Chunk chunk, Flow next) {
            long remaining = Math.max(0, toxic.bytes() - transmitted);
            Chunk allowed = remaining < chunk.size() ? chunk.slice(0, (int) remaining) : chunk;
            if (allowed.size() > 0) {
                next.emit(allowed);
                transmitted += allowed.size();
            }
            if (toxic.bytes() - transmitted <= 0) {
                link.close();
            }
        }

        @Override
        public void onEnd(Flow next) {
            next.end();
        }

        @Override
        public Effect reconfigure(Toxic updated, LinkControl control) {
            if (updated instanceof LimitDataToxic limit) {
                return new Limiter(limit, control, transmitted);
            }
            return Effect.super.reconfigure(updated, control);
        }
    }
}
