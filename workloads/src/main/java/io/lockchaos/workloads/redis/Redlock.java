package io.lockchaos.workloads.redis;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Redlock as redis.io specifies it, over N independent masters: one random value; {@code SET
 * NX PX ttl} on every node in turn, each bounded by a per-node timeout small against the TTL;
 * granted when a majority said OK and the validity left, TTL − elapsed − drift (drift = 1 % of
 * the TTL + 2 ms), is positive; otherwise unlock every node and retry after a random delay.
 * No fencing token of its own. An acquire that ran out of time is certain only if every node
 * answered the last unlock.
 */
public final class Redlock implements LockClient, LeaseExpiry {

    private static final long RETRY_MILLIS = 20;

    private final List<RedisNode> nodes;
    private final Duration ttl;

    public Redlock(List<Address> masters, Duration ttl, Duration nodeTimeout) {
        this.nodes = masters.stream().map(a -> new RedisNode(a, nodeTimeout)).toList();
        this.ttl = ttl;
    }

    @Override
    public String backend() {
        return "redlock";
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    private int quorum() {
        return nodes.size() / 2 + 1;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        String key = RedisLockScripts.key(lock);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String value = RedisLockScripts.randomValue();
            long started = System.nanoTime();
            int taken = 0;
            for (RedisNode node : nodes) {
                taken += takeOn(node, key, value) ? 1 : 0;
            }
            long elapsed = System.nanoTime() - started;
            long drift = ttl.toNanos() / 100 + 2_000_000;
            long validity = ttl.toNanos() - elapsed - drift;
            if (taken >= quorum() && validity > 0) {
                return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(Duration.ofNanos(validity)),
                        started, GrantWatch.NEVER, () -> unlockAll(lock, key, value)));
            }
            boolean allAnswered = giveBackAll(key, value) == nodes.size();
            if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                return allAnswered ? Acquisition.refused("timeout") : Acquisition.unknown("timeout, unlock unanswered");
            }
            RetryDelay.backOff(RETRY_MILLIS, deadline);
        }
    }

    /** One node's vote; a node that fails or times out is a node that did not grant (the algorithm's rule). */
    private boolean takeOn(RedisNode node, String key, String value) {
        try {
            return RedisLockScripts.take(node, key, value, ttl.toMillis());
        } catch (JedisException e) {
            return false;
        }
    }

    /** Compare-and-delete on every node; returns how many answered. */
    private int giveBackAll(String key, String value) {
        int answered = 0;
        for (RedisNode node : nodes) {
            try {
                RedisLockScripts.giveBack(node, key, value);
                answered++;
            } catch (JedisException e) {
                // Not counted as answered: the caller then cannot be sure it holds nothing.
                continue;
            }
        }
        return answered;
    }

    /** Release: true if a majority still held the value; false if every node answered and fewer did. */
    private boolean unlockAll(String lock, String key, String value) {
        int deleted = 0;
        JedisException failure = null;
        for (RedisNode node : nodes) {
            try {
                deleted += RedisLockScripts.giveBack(node, key, value) ? 1 : 0;
            } catch (JedisException e) {
                failure = e;
            }
        }
        if (deleted >= quorum()) {
            return true;
        }
        if (failure != null) {
            throw new RedisReleaseException("redlock release of '" + lock + "': " + deleted + " of " + nodes.size()
                    + " nodes deleted it and some did not answer, so whether it was still held is unknown", failure);
        }
        return false;
    }


    @Override
    public void close() {
        nodes.forEach(RedisNode::close);
    }
}
