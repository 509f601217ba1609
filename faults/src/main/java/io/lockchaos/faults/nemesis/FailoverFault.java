package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The failover package: make the primary's watchers (Sentinel) promote a replica, by killing
 * the primary, isolating it, or asking ({@code SENTINEL FAILOVER}); the nemesis supplies that
 * cause. Waits up to {@link #PROMOTION_TIMEOUT} for another primary and records
 * {@code :start-failover {:method "kill" :old "redis-1" :new "redis-2"}} ({@code :new nil}
 * when none was promoted in time: a finding, not an error). The heal undoes the cause (the old
 * primary restarts or is reconnected and rejoins as a replica) and records
 * {@code :stop-failover} with the primary then. Injects {@code failover [kill|isolate|command]}
 * (kill when none is named); a random schedule fails over by a random method where the cluster
 * has a replaceable primary.
 */
public final class FailoverFault implements FaultPackage {

    static final Duration PROMOTION_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(200);

    /** The band of its ops: {@code start-failover}, {@code stop-failover}. */
    static final String BAND = "failover";

    @Override
    public List<String> offered(FaultTargets targets) {
        return targets.primary().isPresent() ? Each.names(targets.all(Killable.class)) : List.of();
    }

    /** {@code cause} injects the failover's cause against the named old primary. */
    static ActiveFault inject(FaultSpec.Failover spec, HasPrimary cluster, Function<String, ActiveFault> cause,
                              FaultRecorder recorder) {
        String old = cluster.primary();
        ActiveFault injected = cause.apply(old);
        String promoted;
        try {
            promoted = awaitPromotion(cluster, old);
        } catch (RuntimeException e) {
            injected.close();
            throw e;
        }
        recorder.record(NemesisOps.start(BAND), Value.map("method", spec.method().name().toLowerCase(Locale.ROOT),
                "old", old, "new", promoted));
        return new Healing(spec, () -> {
            injected.close();
            recorder.record(NemesisOps.stop(BAND), Value.map("old", old, "primary", cluster.primary()));
        });
    }

    private static String awaitPromotion(HasPrimary cluster, String old) {
        long deadline = System.nanoTime() + PROMOTION_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String now = cluster.primary();
            if (!now.equals(old)) {
                return now;
            }
            LockSupport.parkNanos(POLL.toNanos());
            if (Thread.currentThread().isInterrupted()) {
                throw new NemesisException("interrupted while waiting for a replica to replace primary " + old);
            }
        }
        return null;
    }
}
