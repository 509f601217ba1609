package io.lockchaos.workloads.lock;

/**
 * Hands out fencing tokens for a lock that has none of its own. Each call returns a token
 * larger than every one returned before it for that lock, as far as the source's own
 * guarantees go (a ZooKeeper sequential node: linearizable; Redis {@code INCR}: not across a
 * failover that loses writes). Throws when the outcome is unknown.
 */
public interface TokenSource extends AutoCloseable {

    /** How the tokens are made, for reports: {@code zk}, {@code redis-incr}. */
    String name();

    long next(String lock);

    @Override
    void close();
}
