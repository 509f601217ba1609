package io.lockchaos.checker.lock;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.ops.Reentrancy;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How close a history came to a lease failure, in ms: its <em>margin</em>. For each hold
 * ({@link HoldsCheck#holds}), the lease a grant gives is {@code term} (the lock's shortest
 * timescale: a Redis key's TTL, a watchdog's timeout, a session's timeout) counted from the
 * grant's {@code :ok}; the hold ends at the release's invocation, or, never released, at its
 * holder's last event. The hold's margin is the lease's end minus the hold's end: what was
 * left of the lease when the holder let go. The history's margin is the smallest over its
 * holds, and when the history has an {@link UnsafeWindows unsafe window} (two holders at once,
 * a finding), minus its worst window's length if that is smaller still. A run with no fault
 * has about the whole term; a pause that catches a holder mid-work eats into it by its length;
 * negative means a holder outlived its lease (or two held at once). A lock that renews its
 * lease (a watchdog) may outlive one term safely: its margin says how long the holder went
 * without letting go, against the term it would have without renewing.
 *
 * @param marginMs the smallest margin, in ms
 * @param hold the hold that had it; empty when the margin is an unsafe window's
 * @param sinceScheduleStartMs when that hold began, in ms after the fault schedule's start
 *     ({@code schedule-start}); empty without that mark or without a hold
 */
public record NearMiss(double marginMs, Optional<Hold> hold, OptionalLong sinceScheduleStartMs) {

    /**
     * The margin of {@code history}, a lock of {@code reentrancy} whose grants last {@code term}
     * without renewal; empty when it has no hold, or when a client event has no time.
     */
    public static Optional<NearMiss> of(History history, Reentrancy reentrancy, Duration term) {
        UnsafeWindows windows = UnsafeWindows.of(history, reentrancy);
        if (windows.unmeasurable().isPresent()) {
            return Optional.empty();
        }
        Map<Process, Long> lastEvent = new HashMap<>();
        for (Operation op : history.clientOperations()) {
            lastEvent.merge(op.process(), op.completed().map(Op::time).orElse(op.invokeTime()), Math::max);
        }
        OptionalLong origin = history.ops().stream().filter(op -> op.f().equals(NemesisOps.SCHEDULE_START))
                .mapToLong(Op::time).findFirst();
        NearMiss closest = null;
        for (Hold hold : HoldsCheck.holds(history, reentrancy)) {
            long end = hold.released() ? hold.end() : Math.min(hold.end(), lastEvent.getOrDefault(hold.process(), hold.end()));
            double margin = (hold.start() + term.toNanos() - end) / 1e6;
            if (closest == null || margin < closest.marginMs()) {
                OptionalLong since = origin.isPresent()
                        ? OptionalLong.of(Math.round((hold.start() - origin.getAsLong()) / 1e6)) : OptionalLong.empty();
                closest = new NearMiss(margin, Optional.of(hold), since);
            }
        }
        if (windows.count() > 0 && (closest == null || -windows.worstMs() < closest.marginMs())) {
            closest = new NearMiss(-windows.worstMs(), Optional.empty(), OptionalLong.empty());
        }
        return Optional.ofNullable(closest);
    }

    /** The closest hold's holder, a client process; empty for an unsafe window's margin. */
    public Optional<Process.Client> holder() {
        return hold.map(Hold::process).filter(Process.Client.class::isInstance).map(Process.Client.class::cast);
    }

    /** {@code 9 712 ms} left of the lease, {@code -3 150 ms} past it, in words for a run's line. */
    public String words() {
        long ms = Math.round(marginMs);
        return ms >= 0 ? ms + " ms of the lease left" : -ms + " ms past the lease";
    }
}
