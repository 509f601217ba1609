package io.lockchaos.checker.lock;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.ops.Reentrancy;
import io.lockchaos.history.ops.LockOps;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Every {@link UnsafeWindow} of a history, and their figures: how many, the worst, the median
 * and the total. A valid history has none. Worked out once per run, from the holds the
 * {@code holds} check compares ({@link HoldsCheck#holds}), and read by every output.
 *
 * @param windows      every pair of overlapping holds, by successor's grant
 * @param unmeasurable why the history cannot be measured (a client event without a time); empty when it was
 * @param notice       what could tell the run's holders of a loss (its backend's); empty for a history on its own
 */
public record UnsafeWindows(List<UnsafeWindow> windows, Optional<String> unmeasurable, Optional<LossNotice> notice) {

    public UnsafeWindows {
        windows = List.copyOf(windows);
    }

    /** Windows of a history on its own, whose backend is not known. */
    public UnsafeWindows(List<UnsafeWindow> windows, Optional<String> unmeasurable) {
        this(windows, unmeasurable, Optional.empty());
    }

    /** These windows, of a run whose backend's holders {@code notice} can (or cannot) tell. */
    public UnsafeWindows toldBy(LossNotice notice) {
        return new UnsafeWindows(windows, unmeasurable, Optional.of(notice));
    }

    /** {@code w} in words ({@link UnsafeWindow#sentence}), saying "could not be told" where the backend cannot. */
    public String sentence(UnsafeWindow w, java.util.function.Function<Process, String> name) {
        return w.sentence(name, notice.map(LossNotice::neverTold).orElse(UnsafeWindow.NEVER_TOLD));
    }

    /** No window at all. */
    public static final UnsafeWindows NONE = new UnsafeWindows(List.of(), Optional.empty());

    /** The windows of {@code history}, a lock that is not reentrant's; unmeasurable when a client event has no time. */
    public static UnsafeWindows of(History history) {
        return of(history, Reentrancy.NONE);
    }

    /**
     * The windows of {@code history}, whose lock is reentrant or not (its holds as
     * {@link HoldsCheck#holds(History, Reentrancy)} counts them); unmeasurable when a client event has no time.
     */
    public static UnsafeWindows of(History history, Reentrancy reentrancy) {
        Optional<Op> untimed = history.ops().stream()
                .filter(op -> op.process() instanceof Process.Client && !op.hasTime()).findFirst();
        if (untimed.isPresent()) {
            return new UnsafeWindows(List.of(), Optional.of("event " + untimed.get().index() + " of "
                    + history.source() + " has no :time, so no window can be measured"));
        }
        Map<Process, Long> lastEvent = new HashMap<>();
        Map<Process, List<Operation>> appends = new HashMap<>();
        Map<Process, List<Operation>> work = new HashMap<>();
        for (Operation op : history.clientOperations()) {
            lastEvent.merge(op.process(), op.completed().map(Op::time).orElse(op.invokeTime()), Math::max);
            if (op.f().equals(LockOps.APPEND)) {
                appends.computeIfAbsent(op.process(), k -> new ArrayList<>()).add(op);
            }
            if (op.f().equals(LockOps.APPEND) || op.f().equals(LockOps.READ)) {
                work.computeIfAbsent(op.process(), k -> new ArrayList<>()).add(op);
            }
        }
        List<Op> notices = history.ops().stream().filter(LockOps::isLossNotice).toList();
        Map<String, List<Hold>> byLock = new LinkedHashMap<>();
        for (Hold hold : HoldsCheck.holds(history, reentrancy)) {
            byLock.computeIfAbsent(hold.lock(), k -> new ArrayList<>()).add(hold);
        }
        List<UnsafeWindow> result = new ArrayList<>();
        for (List<Hold> holds : byLock.values()) {
            holds.sort(Comparator.comparingLong(Hold::start));
            for (int i = 0; i < holds.size(); i++) {
                overtaken(holds, i, lastEvent, new Work(appends, work), notices, result);
            }
        }
        result.sort(Comparator.comparingLong(UnsafeWindow::granted));
        return new UnsafeWindows(result, Optional.empty());
    }

    /** Each process's appends, and its reads and appends (the work it does under a grant). */
    private record Work(Map<Process, List<Operation>> appends, Map<Process, List<Operation>> readsAndAppends) {

        /** Whether {@code process} invoked a read or an append of {@code lock}'s key in ({@code after}, {@code to}]. */
        boolean actedBetween(Process process, String lock, long after, long to) {
            return readsAndAppends.getOrDefault(process, List.of()).stream().anyMatch(op -> op.invokeTime() > after
                    && op.invokeTime() <= to && LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED).equals(lock));
        }
    }

    /** The windows of {@code holds[i]}: every later-starting hold of another process inside its certain belief. */
    private static void overtaken(List<Hold> holds, int i, Map<Process, Long> lastEvent, Work work,
                                  List<Op> notices, List<UnsafeWindow> result) {
        Hold holder = holds.get(i);
        long end = holder.released() ? holder.end() : Math.min(holder.end(), lastEvent.get(holder.process()));
        UnsafeWindow.Bound bound = holder.released() ? UnsafeWindow.Bound.RELEASED : UnsafeWindow.Bound.LAST_OP;
        OptionalLong told = notice(notices, holder);
        if (told.isPresent() && told.getAsLong() < end
                && !work.actedBetween(holder.process(), holder.lock(), told.getAsLong(), end)) {
            end = told.getAsLong();
            bound = UnsafeWindow.Bound.TOLD;
        }
        for (int j = i + 1; j < holds.size() && holds.get(j).start() < end; j++) {
            Hold successor = holds.get(j);
            if (!successor.process().equals(holder.process())) {
                result.add(new UnsafeWindow(holder.lock(), holder.process(), holder.token(), holder.start(),
                        successor.process(), successor.token(), successor.start(), end, bound,
                        writes(work.appends().getOrDefault(holder.process(), List.of()), holder.lock(),
                                successor.start(), end),
                        told));
            }
        }
    }

    /** The holder's appends to {@code lock}'s key invoked in [{@code from}, {@code to}], by outcome. */
    private static UnsafeWindow.Writes writes(List<Operation> appends, String lock, long from, long to) {
        int ok = 0;
        int stale = 0;
        int unknown = 0;
        int failed = 0;
        for (Operation op : appends) {
            if (op.invokeTime() < from || op.invokeTime() > to
                    || !LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED).equals(lock)) {
                continue;
            }
            if (op.isOk()) {
                ok++;
            } else if (op.isIndeterminate()) {
                unknown++;
            } else if (LockOps.isStaleToken(op.completion().error())) {
                stale++;
            } else {
                failed++;
            }
        }
        return new UnsafeWindow.Writes(ok, stale, unknown, failed);
    }

    /**
     * The first loss notice to {@code hold}'s process about its lock after its grant: the one
     * naming the grant's token when both carry one (the library may tell during the release, or
     * after it), else the first during the hold.
     */
    private static OptionalLong notice(List<Op> notices, Hold hold) {
        if (!(hold.process() instanceof Process.Client client)) {
            return OptionalLong.empty();
        }
        for (Op n : notices) {
            boolean sameHolder = n.value().getLong(LockOps.Field.PROCESS.text()).map(p -> p == client.id()).orElse(false);
            boolean sameLock = LockOps.lockOrKey(n.value()).map(hold.lock()::equals).orElse(false);
            Optional<Long> token = LockOps.token(n.value());
            boolean sameGrant = hold.token() != null && token.isPresent() ? token.get().equals(hold.token())
                    : n.time() <= hold.end();
            if (sameHolder && sameLock && sameGrant && n.time() >= hold.start()) {
                return OptionalLong.of(n.time());
            }
        }
        return OptionalLong.empty();
    }

    /** The windows on {@code locks} only (a lane's). */
    public UnsafeWindows onLocks(Collection<String> locks) {
        return where(w -> locks.contains(w.lock()));
    }

    /** The windows that {@code keep} keeps. */
    public UnsafeWindows where(java.util.function.Predicate<UnsafeWindow> keep) {
        return new UnsafeWindows(windows.stream().filter(keep).toList(), unmeasurable, notice);
    }

    public int count() {
        return windows.size();
    }

    /** The longest window in ms; 0 without any. */
    public double worstMs() {
        return windows.stream().mapToDouble(UnsafeWindow::millis).max().orElse(0);
    }

    /** The median window in ms (the mean of the middle two for an even count); 0 without any. */
    public double medianMs() {
        double[] ms = windows.stream().mapToDouble(UnsafeWindow::millis).sorted().toArray();
        if (ms.length == 0) {
            return 0;
        }
        return ms.length % 2 == 1 ? ms[ms.length / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
    }

    /**
     * The time holders went on after their lock was granted to another, in ms: per overtaken
     * hold its longest window (a second successor's window lies inside the first's), summed.
     */
    public double totalMs() {
        Map<List<Object>, Double> longest = new LinkedHashMap<>();
        for (UnsafeWindow w : windows) {
            longest.merge(List.of(w.lock(), w.holder(), w.holderGranted()), w.millis(), Math::max);
        }
        return longest.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** How many windows' holders were told of their loss. */
    public int told() {
        return (int) windows.stream().filter(w -> w.noticeAt().isPresent()).count();
    }

    /**
     * The figures in one line: "no unsafe window", or "2 unsafe windows: worst 4812 ms, median
     * 4100 ms, total 4812 ms; 0 of 2 told of the loss", with "(spring-jdbc has no loss notice)" when
     * the run's backend cannot tell.
     */
    public String summary() {
        if (unmeasurable.isPresent()) {
            return "unsafe windows not measured: " + unmeasurable.get();
        }
        if (windows.isEmpty()) {
            return "no unsafe window";
        }
        String cannot = notice.filter(n -> !n.canTell()).map(n -> " (" + n.backend() + " has no loss notice)").orElse("");
        return String.format(java.util.Locale.ROOT, "%s: worst %.0f ms, median %.0f ms, total %.0f ms; %d of %d told of the loss%s",
                Sentences.count(count(), "unsafe window"), worstMs(), medianMs(), totalMs(), told(), count(), cannot);
    }

    /** The worst window, if any. */
    public Optional<UnsafeWindow> worst() {
        return windows.stream().max(Comparator.comparingDouble(UnsafeWindow::millis));
    }
}
