package io.lockchaos.checker.linear;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.ModelException;
import java.util.ArrayList;
import java.util.List;
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
 * the reason, never valid.
 */
public final class Linearizability {

    private Linearizability() {
    }

    public static <S, C> LinearizabilityResult check(History history, Model<S, C> model, CheckOptions options) {
        long start = System.nanoTime();
        List<Part<C>> parts;
        try {
            parts = Part.split(history, model);
        } catch (ModelException e) {
            return new LinearizabilityResult(Validity.UNKNOWN, List.of(), history.source() + ": " + e.getMessage(),
                    new LinearizabilityResult.Stats(0, 0, 0, seconds(start)));
        }
        Budget budget = new Budget(start, options.timeLimit(), options.maxConfigs());
        List<PartOutcome> outcomes = searchAll(model, parts, budget, options.threads());
        return merge(parts, outcomes, start);
    }

    private static <S, C> List<PartOutcome> searchAll(Model<S, C> model, List<Part<C>> parts, Budget budget,
                                                      int threads) {
        List<PartOutcome> outcomes = new ArrayList<>(parts.size());
        if (threads == 1 || parts.size() <= 1) {
            for (Part<C> part : parts) {
                outcomes.add(searchOne(model, part, budget));
            }
            return outcomes;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, parts.size()), runnable -> {
            Thread thread = new Thread(runnable, "linearizability");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<PartOutcome>> futures = new ArrayList<>(parts.size());
            for (Part<C> part : parts) {
                futures.add(pool.submit(() -> searchOne(model, part, budget)));
            }
            for (int i = 0; i < parts.size(); i++) {
                outcomes.add(await(futures.get(i), parts.get(i), budget));
            }
        } finally {
            pool.shutdownNow();
        }
        return outcomes;
    }

    private static PartOutcome await(Future<PartOutcome> future, Part<?> part, Budget budget) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            budget.stop();
            return PartOutcome.unknown(part.key(), "interrupted while searching " + label(part), 0);
        } catch (ExecutionException e) {
            return PartOutcome.unknown(part.key(), label(part) + ": the search failed with " + e.getCause(), 0);
        }
    }

    private static <S, C> PartOutcome searchOne(Model<S, C> model, Part<C> part, Budget budget) {
        if (budget.isStopped()) {
            return PartOutcome.cancelled(part.key(), 0);
        }
        if (budget.expired()) {
            return PartOutcome.unknown(part.key(), label(part) + " (" + part.size()
                    + " operations) was not searched: the time limit of " + budget.timeLimit().toMillis() / 1000.0
                    + " s ran out first (raise the time limit)", 0);
        }
        try {
            return new Search<>(model, part, budget).search();
        } catch (ModelException e) {
            return PartOutcome.unknown(part.key(), label(part) + ": " + e.getMessage(), 0);
        } catch (OutOfMemoryError e) {
            budget.stop();
            return PartOutcome.unknown(part.key(), label(part) + ": ran out of memory (" + e.getMessage()
                    + "); lower max-configs or give the JVM more heap", 0);
        }
    }

    private static String label(Part<?> part) {
        return part.key().isEmpty() ? "the history" : "partition '" + part.key() + "'";
    }

    private static <C> LinearizabilityResult merge(List<Part<C>> parts, List<PartOutcome> outcomes, long start) {
        Validity valid = Validity.VALID;
        List<Counterexample> counterexamples = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        long configurations = 0;
        int operations = 0;
        for (Part<C> part : parts) {
            operations += part.size();
        }
        for (PartOutcome outcome : outcomes) {
            configurations += outcome.configurations();
            if (outcome.cancelled()) {
                continue;
            }
            valid = valid.merge(outcome.valid());
            if (outcome.counterexample() != null) {
                counterexamples.add(outcome.counterexample());
            } else if (outcome.valid() == Validity.UNKNOWN) {
                reasons.add(outcome.reason());
            }
        }
        String reason = valid == Validity.UNKNOWN ? String.join("; ", reasons) : "";
        return new LinearizabilityResult(valid, valid == Validity.INVALID ? counterexamples : List.of(), reason,
                new LinearizabilityResult.Stats(parts.size(), operations, configurations, seconds(start)));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
