package io.lockchaos.cluster.containers;

import java.util.concurrent.TimeUnit;
import org.rnorth.ducttape.ratelimits.RateLimiter;
import org.rnorth.ducttape.ratelimits.RateLimiterBuilder;

/**
 * How often a wait strategy of these containers asks whether its server is ready: ten times a
 * second, each strategy on its own. Testcontainers' default allows one attempt a second for all
 * wait strategies of the JVM together, so the three members of a ZooKeeper ensemble and a proxy
 * starting at once were each asked about once every few seconds, and a server that was ready
 * waited for its turn. These probes go to the server's mapped port (an HTTP GET, a four-letter
 * word), not through the Docker engine.
 */
final class ReadinessPoll {

    static final int PER_SECOND = 10;

    private ReadinessPoll() {
    }

    /** A limiter of {@value #PER_SECOND} attempts a second for one wait strategy. */
    static RateLimiter own() {
        return RateLimiterBuilder.newBuilder().withRate(PER_SECOND, TimeUnit.SECONDS).withConstantThroughput().build();
    }
}
