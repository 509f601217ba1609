package io.lockchaos.workloads.lock;

import java.time.Duration;

/** Lock classes a user might bring, good and bad, for {@link ClassBackendTest}. None contacts a server. */
public final class ByoLocks {

    /** How many {@link Plain} locks were closed, over all tests. */
    public static final java.util.concurrent.atomic.AtomicInteger CLOSES = new java.util.concurrent.atomic.AtomicInteger();

    private ByoLocks() {
    }

    /** Refuses every acquire; remembers what it was built with and whether it was closed. */
    public static class Plain implements LockClient {
        public final LockConfig config;
        public final HostMapper hosts;
        public boolean closed;

        public Plain(LockConfig config) {
            this(config, null);
        }

        public Plain(LockConfig config, HostMapper hosts) {
            this.config = config;
            this.hosts = hosts;
        }

        @Override
        public String backend() {
            return "plain";
        }

        @Override
        public Acquisition acquire(String lock, Duration timeout) {
            return Acquisition.refused("plain never grants");
        }

        @Override
        public boolean release(Grant grant) {
            return false;
        }

        @Override
        public void close() {
            closed = true;
            CLOSES.incrementAndGet();
        }
    }

    /** Only the one-argument constructor, and tokens and a lease of its own. */
    public static final class Fenced extends Plain implements FencingTokens, LeaseExpiry {
        public Fenced(LockConfig config) {
            super(config);
        }

        @Override
        public String tokenOrigin() {
            return "its own counter";
        }

        @Override
        public Duration ttl() {
            return config.ttl();
        }
    }

    /** Not a lock client. */
    /** A lock whose class initialiser fails: checking it must not run it. */
    public static final class InitFails extends Plain {
        static {
            boolean boom = true;
            if (boom) {
                throw new IllegalStateException("the class was initialised");
            }
        }

        public InitFails(LockConfig config) {
            super(config);
        }
    }

    public static final class NotALock {
        public NotALock(LockConfig config) {
        }
    }

    /** A lock without a constructor the worker can call. */
    public static final class NoConstructor extends Plain {
        public NoConstructor(String nodes) {
            super(null);
        }
    }

    /** A lock whose constructor fails. */
    public static final class Throws extends Plain {
        public Throws(LockConfig config) {
            super(config);
            throw new IllegalStateException("option 'region' is missing");
        }
    }

    /** Abstract: cannot be built. */
    public abstract static class Abstract extends Plain {
        public Abstract(LockConfig config) {
            super(config);
        }
    }
}
