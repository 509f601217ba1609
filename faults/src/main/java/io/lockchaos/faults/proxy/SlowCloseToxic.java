package io.lockchaos.faults.proxy;

import java.util.concurrent.TimeUnit;

/** {@code slow_close}: data passes; the end of the stream is held back {@code delay} ms. */
record SlowCloseToxic(long delay) implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        return new Effect() {
            @Override
            public void onChunk(Chunk chunk, Flow next) {
                next.emit(chunk);
            }

            @Override
            public void onEnd(Flow next) {
                next.pauseUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay));
                next.end();
            }
        };
    }
}
