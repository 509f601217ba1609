package io.lockchaos.checker.linear;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.ModelException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Checks a history for linearizability against a model: the whole public API of the search.
 * Operations of client processes are checked (named processes such as the nemesis are
 * ignored); real-time order comes from event positions, not times. The model's partitions
 * are searched in parallel on {@link CheckOptions#threads()} threads under one deadline,
 * {@link CheckOptions#timeLimit()}; each remembers at most {@link CheckOptions#maxConfigs()}
 * configurations. One partition not linearizable makes the history not linearizable (the
 * others are cancelled); a partition past the deadline or the bound makes it unknown, with
 * the reason, never valid. An operation the model cannot use (an unknown {@code :f}, a value
 * of the wrong shape) is bad input: a {@link ModelException} naming the source and the event,
 * never a verdict.
 */
public final class Linearizability {

    /** Steps a partition searches before it lets the next one have a turn. */
    private static final long SLICE = 1 << 15;

    /** Below this many operations, partitions are searched on the calling thread: starting threads costs more. */
    private static final int INLINE_BELOW = 4096;

    private Linearizability() {
    }

    public static <S, C> LinearizabilityResult check(History history, Model<S, C> model, CheckOptions options) {
        long start = System.nanoTime();
        Budget budget = new Budget(start, options.timeLimit(), options.maxConfigs());
        List<Part<C>> parts;
        try {
            parts = Part.split(history, model, budget);
        } catch (ModelException e) {
            throw new ModelException(history.source() + ": " + e.getMessage());
        } catch (Part.OutOfTime e) {
            return new LinearizabilityResult(Validity.UNKNOWN, List.of(), budget.limit() + " ran out while the"
                    + " history was split into partitions, after " + e.read + " of " + e.total + " operations;"
                    + " nothing was searched (raise --time-limit)", new LinearizabilityResult.Stats(0, 0, 0,
                    seconds(start)));
        }
        List<PartOutcome> outcomes = searchAll(model, parts, budget, options.threads());
        return merge(parts, outcomes, budget, start);
    }

    /**
     * Searches every partition. Partitions take turns in slices of {@link #SLICE} steps, on
     * {@code threads} workers (the calling thread alone for a small history), so that one
     * hard partition cannot hide an easy invalid one.
     */
    private static <S, C> List<PartOutcome> searchAll(Model<S, C> model, List<Part<C>> parts, Budget budget,
                                                      int threads) {
        PartOutcome[] outcomes = new PartOutcome[parts.size()];
        Queue<Turn<S, C>> queue = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < parts.size(); i++) {
            queue.add(new Turn<>(i, model, parts.get(i)));
        }
        int operations = parts.stream().mapToInt(Part::size).sum();
        int workers = operations < INLINE_BELOW ? 1 : Math.min(threads, parts.size());
        if (workers <= 1) {
            work(queue, outcomes, budget);
            return Arrays.asList(outcomes);
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, "linearizability");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<?>> futures = new ArrayList<>(workers);
            for (int i = 0; i < workers; i++) {
                futures.add(pool.submit(() -> work(queue, outcomes, budget)));
            }
            for (Future<?> future : futures) {
                await(future, budget);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < outcomes.length; i++) {
            if (outcomes[i] == null) {
                outcomes[i] = PartOutcome.unknown(parts.get(i).key(), parts.get(i).label()
                        + ": the search was interrupted", 0);
            }
        }
        return Arrays.asList(outcomes);
    }

    /** One partition's search, built when it gets its first turn. */
    private static final class Turn<S, C> {
        final int index;
        final Model<S, C> model;
        final Part<C> part;
        Searches<S, C> search;

        Turn(int index, Model<S, C> model, Part<C> part) {
            this.index = index;
            this.model = model;
            this.part = part;
        }
    }

    private static <S, C> void work(Queue<Turn<S, C>> queue, PartOutcome[] outcomes, Budget budget) {
        for (Turn<S, C> turn = queue.poll(); turn != null; turn = queue.poll()) {
            PartOutcome outcome = turn(turn, budget);
            if (outcome == null) {
                queue.add(turn);
            } else {
                turn.search = null;
                outcomes[turn.index] = outcome;
            }
        }
    }

    private static <S, C> PartOutcome turn(Turn<S, C> turn, Budget budget) {
        Part<C> part = turn.part;
        if (budget.isStopped()) {
            return PartOutcome.cancelled(part.key(), 0);
        }
        if (turn.search == null && budget.expired()) {
            return PartOutcome.notSearched(part.key(), part.size());
        }
        try {
            if (turn.search == null) {
                int refuted = turn.model.refute(part.calls());
                if (refuted >= 0) {
                    budget.stop();
                    return PartOutcome.invalid(part.key(), new DeadEnds<>(turn.model, part).refuted(refuted,
                            turn.model.init(), "no write, cas or initial value produces the value it needs"), 0);
                }
                turn.search = new Searches<>(turn.model, part, budget);
            }
            return turn.search.resume(SLICE);
        } catch (ModelException e) {
            return PartOutcome.unknown(part.key(), part.label() + ": " + e.getMessage(), 0);
        } catch (OutOfMemoryError e) {
            Progress progress = turn.search == null ? new Progress(0, part.size(), 0) : turn.search.progress();
            turn.search = null;
            budget.stop();
            return PartOutcome.unknown(part.key(), part.label() + ": ran out of memory (" + e.getMessage() + "); "
                    + progress.describe() + " (lower --max-configs, or give the JVM more heap: LOCKCHAOS_JAVA_OPTS="
                    + "\"-XX:+UseParallelGC -Xmx4g\" for ./lockchaos)", progress.configurations());
        }
    }

    private static void await(Future<?> future, Budget budget) {
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            budget.stop();
        } catch (ExecutionException e) {
            budget.stop();
            throw new IllegalStateException("a linearizability worker failed: " + e.getCause(), e.getCause());
        }
    }

    private static <C> LinearizabilityResult merge(List<Part<C>> parts, List<PartOutcome> outcomes, Budget budget,
                                                   long start) {
        Validity valid = Validity.VALID;
        List<Counterexample> counterexamples = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        long configurations = 0;
        int operations = 0;
        for (Part<C> part : parts) {
            operations += part.size();
        }
        List<PartOutcome> unsearched = new ArrayList<>();
        for (PartOutcome outcome : outcomes) {
            configurations += outcome.configurations();
            if (outcome.cancelled()) {
                continue;
            }
            valid = valid.merge(outcome.valid());
            if (outcome.counterexample() != null) {
                counterexamples.add(outcome.counterexample());
            } else if (outcome.unsearched()) {
                unsearched.add(outcome);
            } else if (outcome.valid() == Validity.UNKNOWN) {
                reasons.add(outcome.reason());
            }
        }
        if (!unsearched.isEmpty()) {
            reasons.add(notSearched(unsearched, budget));
        }
        String reason = valid == Validity.UNKNOWN ? String.join("; ", reasons) : "";
        return new LinearizabilityResult(valid, valid == Validity.INVALID ? counterexamples : List.of(), reason,
                new LinearizabilityResult.Stats(parts.size(), operations, configurations, seconds(start)));
    }

    /** One reason for all the partitions the time limit left unsearched. */
    private static String notSearched(List<PartOutcome> unsearched, Budget budget) {
        int operations = unsearched.stream().mapToInt(PartOutcome::operations).sum();
        String which = unsearched.size() == 1
                ? Part.label(unsearched.get(0).key()) + " (" + operations + " operations) was"
                : unsearched.size() + " partitions (" + operations + " operations) were";
        return which + " not searched: " + budget.limit() + " ran out first (raise --time-limit)";
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
