package io.lockchaos.checker.lock;

import io.lockchaos.checker.linear.Counterexample;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.ModelException;
import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.ops.LockOps;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A linear sweep that proves an owner mutex violated without a search, in the common case:
 * two grants that overlap whatever their order ({@link GrantWhileHeld}).
 *
 * <p>An {@code :ok} acquire X of process p takes effect somewhere in its events
 * {@code [x.invoke, x.complete]} and holds the lock until a release of p takes effect, which
 * is no earlier than p's next release's invocation {@code free(X)} (none: never). An
 * indeterminate release of p invoked before X may take effect at any time after it, so then X
 * only holds the lock at its own point: {@code free(X) = x.invoke}. Two grants X and Y of
 * different processes cannot both happen when neither can come first: X first needs Y granted
 * before X's hold can end ({@code y.complete < free(X)} rules it out) and Y first the same the
 * other way. So {@code y.complete < free(X)} and {@code x.complete < free(Y)} prove the lock
 * violated. The sweep takes grants in completion order and keeps those whose hold is certain
 * at that point; the first grant that meets such a hold of another process is the violation.
 * It only ever answers "invalid"; when it finds nothing the search decides (a release of a
 * free lock, an overlap that needs indeterminate operations to rule out). Positions, not
 * times, give real-time order, as in the search.
 *
 * <p>A search that proves a history of a million events invalid must rule out every order of
 * the operations before the violation (millions of configurations); the sweep reads them
 * once. The search stays the reference: a property test checks that every violation the
 * sweep names is one the search finds too.
 */
final class MutexSweep {

    private MutexSweep() {
    }

    /**
     * What the sweep found: one violation for each lock that has one, the lock operations
     * kept and the locks they name (for the check's summary).
     */
    record Found(List<GrantWhileHeld> violations, int operations, int locks) {
    }

    /**
     * One {@code :ok} acquire; {@code release} is its process's next release (null: none yet,
     * or none that can be told: see {@code certain}).
     */
    private static final class Grant {
        final Operation acquire;
        final boolean certain;
        Operation release;

        Grant(Operation acquire, boolean certain) {
            this.acquire = acquire;
            this.certain = certain;
        }

        int complete() {
            return acquire.completion().index();
        }

        /** The earliest position at which its hold can have ended. */
        int free() {
            if (!certain) {
                return acquire.invocation().index();
            }
            return release == null ? Integer.MAX_VALUE : release.invocation().index();
        }
    }

    /** One lock's grants, and per process its grants waiting for a release and whether it left one indeterminate. */
    private static final class Lock {
        final List<Grant> grants = new ArrayList<>();
        final Map<Process, List<Grant>> waiting = new HashMap<>();
        final Map<Process, Boolean> indeterminateRelease = new HashMap<>();
    }

    /** The lock operations {@code model} keeps, swept; empty when the model refuses one (the search reports that). */
    static <S, C> Optional<Found> sweep(History history, Model<S, C> model) {
        Map<String, Lock> locks = new LinkedHashMap<>();
        int kept = 0;
        try {
            for (Operation op : history.operations()) {
                if (op.process() instanceof Process.Client && model.prepare(op).isPresent()) {
                    kept++;
                    read(locks.computeIfAbsent(model.partition(op), k -> new Lock()), op);
                }
            }
        } catch (ModelException e) {
            return Optional.empty();
        }
        List<GrantWhileHeld> violations = new ArrayList<>();
        locks.forEach((name, lock) -> violation(model, name, lock).ifPresent(violations::add));
        return Optional.of(new Found(violations, kept, locks.size()));
    }

    private static void read(Lock lock, Operation op) {
        Process p = op.process();
        if (op.f().equals(LockOps.RELEASE)) {
            List<Grant> waiting = lock.waiting.remove(p);
            if (waiting != null) {
                waiting.forEach(grant -> grant.release = op);
            }
            if (op.isIndeterminate()) {
                lock.indeterminateRelease.put(p, true);
            }
        } else if (op.isOk()) {
            Grant grant = new Grant(op, !lock.indeterminateRelease.containsKey(p));
            lock.grants.add(grant);
            if (grant.certain) {
                lock.waiting.computeIfAbsent(p, k -> new ArrayList<>(1)).add(grant);
            }
        }
    }

    /**
     * The first violation of this lock in completion order, if any. A grant whose hold is
     * certain at a point stays in {@code held} until its earliest end; two of different
     * processes there would already be a violation, so {@code held} stays as small as one
     * process's grants.
     */
    private static <S, C> Optional<GrantWhileHeld> violation(Model<S, C> model, String name, Lock lock) {
        List<Grant> byCompletion = new ArrayList<>(lock.grants);
        byCompletion.sort(Comparator.comparingInt(Grant::complete));
        List<Grant> held = new ArrayList<>();
        for (Grant intruder : byCompletion) {
            held.removeIf(g -> g.free() <= intruder.complete());
            for (Grant holder : held) {
                if (!holder.acquire.process().equals(intruder.acquire.process())
                        && holder.complete() < intruder.free()) {
                    return Optional.of(evidence(model, name, holder, intruder));
                }
            }
            if (intruder.free() > intruder.complete()) {
                held.add(intruder);
            }
        }
        return Optional.empty();
    }

    private static <S, C> GrantWhileHeld evidence(Model<S, C> model, String name, Grant holder, Grant intruder) {
        return new GrantWhileHeld(model.name(), name, call(model, holder.acquire), call(model, intruder.acquire),
                holder.release == null ? null : call(model, holder.release),
                intruder.certain && intruder.release != null ? call(model, intruder.release) : null,
                intruder.certain);
    }

    private static <S, C> Counterexample.Call call(Model<S, C> model, Operation o) {
        String described = model.prepare(o).map(model::describe).orElse(o.f());
        return new Counterexample.Call(o.process().toString(), o.type().keyword(), o.f(), o.input().toString(),
                o.completion() == null ? null : o.output().toString(), described, o.invocation().index(),
                o.completion() == null ? -1 : o.completion().index());
    }
}
