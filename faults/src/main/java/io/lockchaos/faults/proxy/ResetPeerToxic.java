package io.lockchaos.faults.proxy;

import java.util.concurrent.TimeUnit;

/**
 * {@code reset_peer}: when the first data (or the end of the stream) arrives, waits
 * {@code timeout} ms and then resets the connection: both sockets close with linger 0, so both
 * peers see a TCP RST. Data is dropped meanwhile. As in Toxiproxy, a reset once armed happens even
 * if the toxic is updated or removed in the meantime.
 */
record ResetPeerToxic(long timeout) implements Toxic {

    @Override
    public Effect start(LinkControl link) {
        return new Effect() {
            private boolean armed;

            @Override
            public void onChunk(Chunk chunk, Flow next) {
                arm();
            }

            @Override
            public void onEnd(Flow next) {
                arm();
            }

            private void arm() {
                if (armed) {
                    return;
                }
                armed = true;
                if (timeout <= 0) {
                    link.reset();
                } else {
                    link.schedule(TimeUnit.MILLISECONDS.toNanos(timeout), link::reset);
                }
            }
        };
    }
}
