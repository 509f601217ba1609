package io.lockchaos.workloads.etcd;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;

/** etcd's lease TTL: whole seconds, at least one. */
public final class EtcdTtl {

    /** The unit of an etcd lease's TTL. */
    public static final Duration UNIT = Duration.ofSeconds(1);

    private EtcdTtl() {
    }

    /**
     * {@code ttl} in seconds.
     *
     * @throws WorkloadException when it is not a whole, positive number of seconds
     */
    public static long seconds(Duration ttl) {
        if (ttl.isNegative() || ttl.isZero() || ttl.toMillis() % UNIT.toMillis() != 0) {
            throw new WorkloadException("etcd leases last whole seconds: a TTL of " + ttl.toMillis()
                    + " ms cannot be granted; give ttlMs as a multiple of 1000 (e.g. 2000)");
        }
        return ttl.toSeconds();
    }
}
