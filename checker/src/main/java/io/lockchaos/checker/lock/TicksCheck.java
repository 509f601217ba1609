package io.lockchaos.checker.lock;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.ops.LockOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Check {@code ticks}: a scheduled job ran at most once per tick. In a run with ticks each
 * worker, at each tick of its own clock, makes one acquire of the job's lock for that tick
 * ({@code :tick} in the acquire's value) and runs the job only when granted: every {@code :ok}
 * acquire is one run of the job for its tick. Two {@code :ok} acquires of one lock for one tick
 * are the job run twice, whether or not the two holds overlapped (the second may come after
 * the first released: {@code mutex} is then valid, and the job still ran twice). An acquire
 * that ended {@code :info} did not run the job (the worker goes on to the next tick), so the
 * verdict is certain. Ticks between the first and the last run that no one ran are counted as
 * missed, which is not a violation.
 *
 * <p>A history whose acquires carry no tick is valid with a summary that says so; the harness
 * runs this check only in runs with ticks.
 */
public final class TicksCheck implements Checker {

    static final int MAX_EVIDENCE = 100;

    @Override
    public String name() {
        return "ticks";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        Map<String, TreeMap<Long, List<Operation>>> runs = runs(history);
        if (runs.isEmpty()) {
            return CheckResult.valid(name(), "no acquire was made for a tick, so no scheduled job ran to check");
        }
        List<Evidence> evidence = new ArrayList<>();
        long ran = 0;
        long twice = 0;
        long missed = 0;
        for (Map.Entry<String, TreeMap<Long, List<Operation>>> lock : runs.entrySet()) {
            TreeMap<Long, List<Operation>> byTick = lock.getValue();
            ran += byTick.size();
            missed += byTick.lastKey() - byTick.firstKey() + 1 - byTick.size();
            for (Map.Entry<Long, List<Operation>> tick : byTick.entrySet()) {
                if (tick.getValue().size() > 1) {
                    twice++;
                    if (evidence.size() < MAX_EVIDENCE) {
                        evidence.add(TickRunTwice.of(lock.getKey(), tick.getKey(), tick.getValue()));
                    }
                }
            }
        }
        String counted = Sentences.count(ran, "tick") + " run on " + Sentences.count(runs.size(), "lock")
                + (missed == 0 ? "" : ", " + missed + " missed by every worker");
        if (twice == 0) {
            return CheckResult.valid(name(), "every tick's job ran once (" + counted + ")");
        }
        return new CheckResult(name(), Validity.INVALID, Sentences.count(twice, "tick") + " ran more than once ("
                + counted + ")", evidence);
    }

    /** Each lock's {@code :ok} acquires by tick, in history order. */
    private static Map<String, TreeMap<Long, List<Operation>>> runs(History history) {
        Map<String, TreeMap<Long, List<Operation>>> runs = new TreeMap<>();
        for (Operation op : history.clientOperations()) {
            if (!op.isOk() || !op.f().equals(LockOps.ACQUIRE)) {
                continue;
            }
            LockOps.tick(op.input()).ifPresent(tick -> runs
                    .computeIfAbsent(LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED), k -> new TreeMap<>())
                    .computeIfAbsent(tick, t -> new ArrayList<>()).add(op));
        }
        return runs;
    }

    /**
     * One tick whose job ran more than once.
     *
     * @param lock  the job's lock
     * @param tick  the tick
     * @param grants each run: who was granted the lock for it and when
     */
    public record TickRunTwice(String lock, long tick, List<Run> grants) implements Evidence {

        /** One run of the job: {@code process} asked at {@code invokedAt} and was granted at {@code grantedAt} (ns). */
        public record Run(String process, long invokedAt, long grantedAt, Long token) {
        }

        static TickRunTwice of(String lock, long tick, List<Operation> ops) {
            return new TickRunTwice(lock, tick, ops.stream().map(op -> new Run(op.process().toString(), op.invokeTime(),
                    op.completion().time(), LockOps.token(op.output()).orElse(null))).toList());
        }

        @Override
        public String explanation() {
            StringBuilder s = new StringBuilder("The job of " + Sentences.display(lock) + " ran " + grants.size()
                    + " times for tick " + tick + ": ");
            for (int i = 0; i < grants.size(); i++) {
                Run r = grants.get(i);
                s.append(i == 0 ? "" : i == grants.size() - 1 ? " and " : ", ").append("process ").append(r.process())
                        .append(" was granted it at ").append(Sentences.at(r.grantedAt()))
                        .append(r.token() == null ? "" : " (token " + r.token() + ")");
            }
            return s.append('.').toString();
        }
    }
}
