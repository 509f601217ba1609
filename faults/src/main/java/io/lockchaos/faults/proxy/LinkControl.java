package io.lockchaos.faults.proxy;

import java.util.concurrent.Future;
import java.util.random.RandomGenerator;

/** What a toxic may do to the connection it acts on, beyond shaping its data. */
interface LinkControl {

    /** Closes both sockets of the connection (a normal close: FIN after any unsent data). */
    void close();

    /** Closes both sockets with a TCP RST (linger 0), as Toxiproxy's {@code reset_peer}. */
    void reset();

    /** Runs {@code action} after {@code delayNanos} on the server's timer thread. */
    Future<?> schedule(long delayNanos, Runnable action);

    /** The random source for toxicity, jitter and slice sizes. */
    RandomGenerator random();
}
