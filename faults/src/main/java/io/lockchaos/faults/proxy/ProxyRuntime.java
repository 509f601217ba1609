package io.lockchaos.faults.proxy;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * What every proxy and connection of one server shares, passed down explicitly: the I/O loop that
 * moves every connection's bytes, the timer thread for toxics that act later, the random source
 * for toxicity, jitter and slicing, and how long a connection to an upstream may take to open.
 */
record ProxyRuntime(IoLoop loop, ScheduledExecutorService scheduler, RandomGenerator random,
                    Duration connectTimeout) {
}
