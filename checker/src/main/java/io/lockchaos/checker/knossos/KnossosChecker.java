package io.lockchaos.checker.knossos;

import clojure.java.api.Clojure;
import clojure.lang.IFn;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a history through {@code knossos.competition/analysis} with one of Knossos's own
 * models, when Knossos is on the classpath. The result's check name is {@code knossos}.
 */
public final class KnossosChecker implements Checker {

    /** Our model names that Knossos has an equivalent of, and the Knossos constructor. */
    private static final Map<String, String> MODELS = Map.of(
            "register", "register",
            "cas-register", "cas-register",
            "mutex", "mutex");

    static final String HOW_TO_ENABLE = "Knossos is not on the classpath. It lives on Clojars: "
            + "build with 'mvn -Pknossos -DskipTests package' on a machine that reaches "
            + "https://repo.clojars.org, then run the same command again.";

    private final String model;

    /** A checker for one of {@link #supportedModels()}. */
    public KnossosChecker(String model) {
        if (!MODELS.containsKey(model)) {
            throw new IllegalArgumentException("Knossos has no model equivalent to '" + model
                    + "'; the bridge supports " + supportedModels());
        }
        this.model = model;
    }

    public static Set<String> supportedModels() {
        return MODELS.keySet();
    }

    /** Whether {@code knossos.competition} can be loaded from the current classpath. */
    public static boolean available() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = KnossosChecker.class.getClassLoader();
        }
        return loader.getResource("knossos/competition.clj") != null
                || loader.getResource("knossos/competition__init.class") != null;
    }

    @Override
    public String name() {
        return "knossos";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        if (!available()) {
            return CheckResult.unknown(name(), HOW_TO_ENABLE);
        }
        IFn require = Clojure.var("clojure.core", "require");
        require.invoke(Clojure.read("knossos.competition"));
        require.invoke(Clojure.read("knossos.model"));
        Object knossosModel = Clojure.var("knossos.model", MODELS.get(model)).invoke();
        Object ops = ClojureData.vector(knossosOps(history));
        Object opts = ClojureData.map(Map.of("time-limit", options.timeLimit().toMillis()));
        Object analysis = Clojure.var("knossos.competition", "analysis").invoke(knossosModel, ops, opts);
        return result(analysis);
    }

    /** Client events in order, each indeterminate completion carrying its invocation's value. */
    static List<Object> knossosOps(History history) {
        List<Object> result = new ArrayList<>();
        Map<Integer, Operation> byCompletion = new java.util.HashMap<>();
        for (Operation op : history.operations()) {
            op.completed().ifPresent(c -> byCompletion.put(c.index(), op));
        }
        for (Op event : history.ops()) {
            if (!(event.process() instanceof Process.Client)) {
                continue;
            }
            Op shaped = event;
            if (event.type() == OpType.INFO) {
                Operation op = byCompletion.get(event.index());
                if (op != null && op.invocation() != event) {
                    shaped = event.withValue(op.input());
                }
            }
            result.add(ClojureData.op(shaped));
        }
        return result;
    }

    private CheckResult result(Object analysis) {
        Object valid = ClojureData.get(analysis, "valid?");
        Validity validity;
        if (Boolean.TRUE.equals(valid)) {
            validity = Validity.VALID;
        } else if (Boolean.FALSE.equals(valid)) {
            validity = Validity.INVALID;
        } else {
            validity = Validity.UNKNOWN;
        }
        String detail = String.valueOf(firstPresent(analysis, "op", "cause"));
        String summary = "Knossos (" + model + "): " + switch (validity) {
            case VALID -> "linearizable";
            case INVALID -> "not linearizable; the first operation it could not linearize: " + detail;
            case UNKNOWN -> "could not decide: " + detail;
        };
        List<Evidence> evidence = validity == Validity.VALID ? List.of()
                : List.of(new KnossosReport(model, String.valueOf(valid), detail));
        return new CheckResult(name(), validity, summary, evidence);
    }

    private static Object firstPresent(Object analysis, String... keys) {
        for (String key : keys) {
            Object v = ClojureData.get(analysis, key);
            if (v != null) {
                return v;
            }
        }
        return "no details";
    }

    /** What Knossos said, as evidence. */
    public record KnossosReport(String model, String valid, String detail) implements Evidence {
        @Override
        public String explanation() {
            return "Knossos's " + model + " analysis answered valid? = " + valid + ": " + detail;
        }
    }
}
