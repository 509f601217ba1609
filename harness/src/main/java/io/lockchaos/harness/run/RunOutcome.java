package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.report.CheckReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What a run concluded: each check's result and, when the scenario expects verdicts, whether
 * they came true. {@link #exitCode()}: with expectations 0 when every one matched and 1 when
 * not; without, 0 valid, 1 invalid, 2 unknown.
 *
 * @param scenario the scenario as run
 * @param dir the results folder
 * @param events how many events the merged history holds
 * @param checks every check's result by name ({@link RunChecks})
 * @param phases seconds per phase of the run, in order (cluster start, worker start, ...); empty
 *     when not measured
 */
public record RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks,
                         Map<String, Double> phases) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunOutcome {
        checks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checks));
        phases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(phases));
    }

    /** Without phase times. */
    public RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks) {
        this(scenario, dir, events, checks, Map.of());
    }

    /** The merged verdict of every check. */
    public Validity valid() {
        Validity v = Validity.VALID;
        for (CheckResult r : checks.values()) {
            v = v.merge(r.valid());
        }
        return v;
    }

    /** The expectations that did not come true: check name → the verdict reached (unknown when missing). */
    public Map<String, Validity> mismatches() {
        return mismatches(scenario.expect(), name -> {
            CheckResult r = checks.get(name);
            return r == null ? Validity.UNKNOWN : r.valid();
        });
    }

    public int exitCode() {
        return exitCode(scenario.expect(), mismatches(), valid());
    }

    /** The expectations of {@code expect} that {@code got} (check name → verdict reached) did not meet. */
    static Map<String, Validity> mismatches(Map<String, Validity> expect, Function<String, Validity> got) {
        Map<String, Validity> wrong = new LinkedHashMap<>();
        expect.forEach((name, expected) -> {
            Validity reached = got.apply(name);
            if (reached != expected) {
                wrong.put(name, reached);
            }
        });
        return wrong;
    }

    /**
     * A finished run's exit code, the one contract of {@code run} and {@code report}: with
     * expectations 0 when every one matched and 1 when not; without, the verdict's (0, 1, 2).
     */
    static int exitCode(Map<String, Validity> expect, Map<String, Validity> mismatches, Validity valid) {
        if (!expect.isEmpty()) {
            return mismatches.isEmpty() ? 0 : 1;
        }
        return valid.exitCode();
    }

    /** results.json: {@code {"scenario", "seed", "valid", "events", "checks": {name: {"valid", "summary", "evidence"}}, "expect", "matched", "phases": {name: seconds}}}. */
    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("scenario", scenario.name());
        root.put("seed", scenario.seed());
        root.set("valid", JSON.valueToTree(valid().json()));
        root.put("events", events);
        ObjectNode all = root.putObject("checks");
        checks.forEach((name, r) -> all.set(name, CheckReport.check(r)));
        if (!scenario.expect().isEmpty()) {
            ObjectNode expect = root.putObject("expect");
            scenario.expect().forEach((k, v) -> expect.put(k, v.word()));
            root.put("matched", mismatches().isEmpty());
        }
        if (!phases.isEmpty()) {
            ObjectNode times = root.putObject("phases");
            phases.forEach(times::put);
        }
        return root.toPrettyString();
    }

    /** A few lines for the terminal: each check's verdict and summary, then the expectations. */
    public String toText() {
        StringBuilder out = new StringBuilder();
        checks.forEach((name, r) -> out.append(String.format(Locale.ROOT, "  %-26s %-8s %s%n", name, r.valid().word(),
                r.summary())));
        scenario.expect().forEach((name, expected) -> {
            Validity got = checks.containsKey(name) ? checks.get(name).valid() : Validity.UNKNOWN;
            out.append(String.format(Locale.ROOT, "  expect %-19s %-8s got %-8s %s%n", name, expected.word(), got.word(),
                    got == expected ? "ok" : "MISMATCH"));
        });
        return out.toString();
    }

}
