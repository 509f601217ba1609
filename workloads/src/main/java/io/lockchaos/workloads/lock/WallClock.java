package io.lockchaos.workloads.lock;

import java.time.Instant;
import java.util.Optional;

/**
 * What a lock that computes its lease from the client's wall clock wrote into the lock
 * service, by that clock: the client's wall clock when it asked ({@code System.currentTimeMillis()}
 * as its JVM sees it, a clock fault included), its wall clock when the grant came back, and the
 * lease's end it wrote. The library may read the clock again in between (ShedLock's
 * {@code :now}, which decides whether the row is free), so that reading lies between the two.
 * A run's history
 * is timed by the monotonic clock, so without this a worker's skewed clock leaves no trace in
 * it; with it the acquire's {@code :ok} shows what each holder believed and wrote.
 *
 * @param asked the client's wall clock when it built the request that was granted
 * @param granted the client's wall clock when the grant came back
 * @param leaseUntil the lease's end as written (ShedLock JDBC's {@code lock_until}); empty
 *     when the server computes it from its own clock ({@code usingDbTime()})
 */
public record WallClock(Instant asked, Instant granted, Optional<Instant> leaseUntil) {

    public WallClock {
        java.util.Objects.requireNonNull(asked, "asked");
        java.util.Objects.requireNonNull(granted, "granted");
        java.util.Objects.requireNonNull(leaseUntil, "leaseUntil");
    }
}
