package io.lockchaos.workloads.lock;

import java.time.Duration;

/**
 * One of the durations that time a backend's grants, in the backend's own words: a Redis key's
 * TTL, Redisson's watchdog timeout, ShedLock's {@code lockAtMostFor}, an etcd lease, a
 * ZooKeeper session's timeout. A grant outlives a pause, a cut or a clock step shorter than it and
 * may be lost to a longer one, which is what an exploration draws faults around.
 *
 * @param name the backend's word for it ({@code ttl}, {@code watchdog}, {@code session-timeout}):
 *     letters, digits and dashes
 * @param source which of the scenario's lock durations it is
 */
public record LeaseTerm(String name, Source source) {

    /** Where a term's length comes from in a scenario's {@code lock}. */
    public enum Source {
        /** {@code lock.ttlMs}. */
        TTL,
        /** {@code lock.sessionTimeoutMs}. */
        SESSION_TIMEOUT
    }

    public LeaseTerm {
        if (!name.matches("[A-Za-z][A-Za-z0-9-]*")) {
            throw new IllegalArgumentException("a lease term's name is letters, digits and dashes, got '" + name + "'");
        }
    }

    /** A term that is the scenario's {@code lock.ttlMs}, called {@code name}. */
    public static LeaseTerm ttl(String name) {
        return new LeaseTerm(name, Source.TTL);
    }

    /** This term's length for a lock of {@code ttl} and {@code sessionTimeout}. */
    public Duration of(Duration ttl, Duration sessionTimeout) {
        return switch (source) {
            case TTL -> ttl;
            case SESSION_TIMEOUT -> sessionTimeout;
        };
    }
}
