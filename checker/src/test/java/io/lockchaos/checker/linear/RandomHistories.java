package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates register histories that are linearizable by construction: clients invoke
 * operations, each takes effect at a random moment between its invocation and completion
 * against one true register, and completes with what it observed. Some operations time out
 * ({@code :info}, and the client is replaced by a new process, as in Jepsen); such an
 * operation takes effect before, after, or never. Also used by the benchmark.
 */
final class RandomHistories {

    private final Random random;
    private final int processes;
    private final int values;
    private final boolean withCas;
    private final double infoRate;

    private final List<Op> events = new ArrayList<>();
    private final List<Pending> pending = new ArrayList<>();
    private final List<Pending> floating = new ArrayList<>();
    private Value register = Value.NIL;
    private int nextProcess;

    private static final class Pending {
        final int process;
        final String f;
        final Value input;
        Value result;
        boolean succeeded;
        boolean applied;

        Pending(int process, String f, Value input) {
            this.process = process;
            this.f = f;
            this.input = input;
        }
    }

    RandomHistories(Random random, int processes, int values, boolean withCas, double infoRate) {
        this.random = random;
        this.processes = processes;
        this.values = values;
        this.withCas = withCas;
        this.infoRate = infoRate;
        this.nextProcess = processes;
    }

    /** A linearizable history of {@code operations} operations. */
    History generate(int operations) {
        List<Integer> idle = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            idle.add(p);
        }
        int invoked = 0;
        while (invoked < operations || !pending.isEmpty()) {
            int action = random.nextInt(4);
            if (action == 0 && invoked < operations && !idle.isEmpty()) {
                invoke(idle.remove(random.nextInt(idle.size())));
                invoked++;
            } else if (action == 1 && !pending.isEmpty()) {
                apply(pending.get(random.nextInt(pending.size())));
            } else if (action == 2 && !pending.isEmpty()) {
                Pending p = pending.get(random.nextInt(pending.size()));
                if (random.nextDouble() < infoRate) {
                    crash(p);
                    idle.add(nextProcess++);
                } else if (p.applied) {
                    complete(p);
                    idle.add(p.process);
                }
            } else if (action == 3 && !floating.isEmpty() && random.nextInt(4) == 0) {
                apply(floating.remove(random.nextInt(floating.size())));
            }
        }
        return History.of("generated", events);
    }

    private void invoke(int process) {
        int kind = random.nextInt(withCas ? 3 : 2);
        Pending p;
        if (kind == 0) {
            p = new Pending(process, "read", Value.NIL);
        } else if (kind == 1) {
            p = new Pending(process, "write", Value.of(random.nextInt(values)));
        } else {
            p = new Pending(process, "cas", Value.vec(Value.of(random.nextInt(values)),
                    Value.of(random.nextInt(values))));
        }
        pending.add(p);
        emit(OpType.INVOKE, p, p.input);
    }

    private void apply(Pending p) {
        if (p.applied) {
            return;
        }
        p.applied = true;
        switch (p.f) {
            case "read":
                p.result = register;
                break;
            case "write":
                register = p.input;
                break;
            default:
                Value.Vec pair = (Value.Vec) p.input;
                p.succeeded = register.equals(pair.items().get(0));
                if (p.succeeded) {
                    register = pair.items().get(1);
                }
        }
    }

    private void complete(Pending p) {
        pending.remove(p);
        boolean failed = p.f.equals("cas") && !p.succeeded;
        emit(failed ? OpType.FAIL : OpType.OK, p, p.f.equals("read") ? p.result : p.input);
    }

    private void crash(Pending p) {
        pending.remove(p);
        emit(OpType.INFO, p, Value.kw("timed-out"));
        if (!p.applied) {
            floating.add(p);
        }
    }

    private void emit(OpType type, Pending p, Value value) {
        events.add(new Op(events.size(), Op.NO_TIME, type, Process.client(p.process), p.f, value));
    }

    /**
     * {@code keys} independent register histories ({@code operations / keys} operations each)
     * interleaved at random, each event tagged with its {@code :key} ({@code k0}, {@code k1},
     * ...), followed by {@code tail} events.
     */
    static History keyed(int operations, int keys, List<Op> tail) {
        Random random = new Random(operations + keys);
        List<List<Op>> parts = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
            List<Op> events = new RandomHistories(new Random(k), 5, 5, true, 0.001).generate(operations / keys).ops();
            List<Op> tagged = new ArrayList<>(events.size());
            for (Op op : events) {
                int process = ((Process.Client) op.process()).id() * keys + k;
                tagged.add(new Op(0, Op.NO_TIME, op.type(), Process.client(process), op.f(), op.value(),
                        op.error(), Map.of("key", Value.of("k" + k))));
            }
            parts.add(tagged);
        }
        int[] at = new int[keys];
        List<Op> merged = new ArrayList<>();
        int left = parts.stream().mapToInt(List::size).sum();
        while (left-- > 0) {
            int k = random.nextInt(keys);
            while (at[k] == parts.get(k).size()) {
                k = (k + 1) % keys;
            }
            merged.add(parts.get(k).get(at[k]++));
        }
        merged.addAll(tail);
        return History.of("keyed", merged);
    }
}
