package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Value;
import io.lockchaos.checker.model.CasRegisterModel;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.RegisterModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

class LinearizabilityPropertiesTest {

    private static final CheckOptions OPTIONS = CheckOptions.defaults();

    @Property(tries = 300)
    void historiesOfARealRegisterAreLinearizable(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int processes,
                                                 @ForAll boolean withCas) {
        History h = new RandomHistories(new Random(seed), processes, 3, withCas, 0.1).generate(60);
        Model<?, ?> model = withCas ? new CasRegisterModel() : new RegisterModel();
        LinearizabilityResult r = Linearizability.check(h, model, OPTIONS);
        assertEquals(Validity.VALID, r.valid(), () -> r.summary() + "\n" + h.ops());
    }

    @Property(tries = 2000)
    void mutatedSmallHistoriesAgreeWithBruteForce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int processes,
                                                  @ForAll @IntRange(min = 1, max = 8) int operations,
                                                  @ForAll boolean strict) {
        Random random = new Random(seed);
        History h = mutate(new RandomHistories(random, processes, 3, true, 0.15).generate(operations), random);
        CasRegisterModel model = strict ? CasRegisterModel.strict() : new CasRegisterModel();
        boolean expected = new BruteForce<>(model, h).linearizable();
        Statistics.collect(expected ? "linearizable" : "not linearizable");
        Statistics.coverage(c -> {
            c.check("linearizable").percentage(p -> p > 15);
            c.check("not linearizable").percentage(p -> p > 15);
        });
        LinearizabilityResult r = Linearizability.check(h, model, OPTIONS);
        assertEquals(expected ? Validity.VALID : Validity.INVALID, r.valid(), () -> r.summary() + "\n" + h.ops());
    }

    /** Changes one to three completions: a read's value, a cas outcome, a write's value, ok into info. */
    private static History mutate(History h, Random random) {
        List<Op> events = new ArrayList<>(h.ops());
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            int i = random.nextInt(events.size());
            Op op = events.get(i);
            if (op.isInvoke()) {
                continue;
            }
            int kind = random.nextInt(3);
            if (kind == 0 && op.type() == OpType.OK) {
                events.set(i, op.withType(OpType.INFO).withValue(Value.kw("timed-out")));
            } else if (op.f().equals("read") && op.type() == OpType.OK) {
                int v = random.nextInt(4);
                events.set(i, op.withValue(v == 3 ? Value.NIL : Value.of(v)));
            } else if (op.f().equals("cas") && op.type() != OpType.INFO) {
                events.set(i, op.withType(op.type() == OpType.OK ? OpType.FAIL : OpType.OK));
            } else if (op.f().equals("write") && op.type() == OpType.OK) {
                int invocation = invocationOf(events, i);
                Value v = Value.of(random.nextInt(3));
                events.set(invocation, events.get(invocation).withValue(v));
                events.set(i, op.withValue(v));
            }
        }
        return History.of("mutated", events);
    }

    private static int invocationOf(List<Op> events, int completion) {
        for (int i = completion - 1; i >= 0; i--) {
            if (events.get(i).process().equals(events.get(completion).process())) {
                return i;
            }
        }
        throw new IllegalStateException("no invocation before event " + completion);
    }
}
