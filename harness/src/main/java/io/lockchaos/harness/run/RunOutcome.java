package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.report.CheckReport;
import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.checker.report.UnsafeWindowsJson;
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
 * @param unsafeWindows the run's unsafe windows ({@link UnsafeWindows}, every lane's), worked out
 *     once from the merged history
 * @param worstStallMs the longest the harness stood still while the workload ran ({@link Stalls});
 *     negative when not measured
 */
public record RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks,
                         Map<String, Double> phases, UnsafeWindows unsafeWindows, double worstStallMs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunOutcome {
        checks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checks));
        phases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(phases));
    }

    /** An outcome whose stalls were not measured. */
    public RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks,
                      Map<String, Double> phases, UnsafeWindows unsafeWindows) {
        this(scenario, dir, events, checks, phases, unsafeWindows, -1);
    }

    /** Without phase times. */
    public RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks) {
        this(scenario, dir, events, checks, Map.of());
    }

    /** Without unsafe windows. */
    public RunOutcome(Scenario scenario, Path dir, int events, Map<String, CheckResult> checks,
                      Map<String, Double> phases) {
        this(scenario, dir, events, checks, phases, UnsafeWindows.NONE);
    }

    /** The unsafe windows of each lane, by lane name, in the scenario's order. */
    public Map<String, UnsafeWindows> unsafeWindowsByLane() {
        Map<String, UnsafeWindows> lanes = new LinkedHashMap<>();
        scenario.lanes().forEach(lane -> lanes.put(lane.name(), unsafeWindows.onLocks(lane.lockNames())));
        return lanes;
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

    /**
     * results.json: {@code {"scenario", "seed", "valid", "events", "checks": {name: {"valid",
     * "summary", "evidence"}}, "expect", "matched", "unsafeWindows": {"count", "worstMs",
     * "medianMs", "totalMs", "told", "lanes": {lane: {..., "windows": [...]}}}, "phases": {name:
     * seconds}}} ({@link UnsafeWindowsJson} spells the windows).
     */
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
        ObjectNode windows = UnsafeWindowsJson.tree(unsafeWindows, false);
        root.set("unsafeWindows", windows);
        ObjectNode lanes = windows.putObject("lanes");
        unsafeWindowsByLane().forEach((lane, w) -> lanes.set(lane, UnsafeWindowsJson.tree(w, true)));
        if (!phases.isEmpty()) {
            ObjectNode times = root.putObject("phases");
            phases.forEach(times::put);
        }
        if (worstStallMs >= 0) {
            root.put("worstStallMs", worstStallMs);
        }
        return root.toPrettyString();
    }

    /** The run's unsafe windows in a line: each lane's figures ("unfenced: no unsafe window; fenced: ..."). */
    public String unsafeWindowsLine() {
        java.util.StringJoiner line = new java.util.StringJoiner("; ", "unsafe windows: ", "");
        unsafeWindowsByLane().forEach((lane, w) -> line.add(lane + ": " + w.summary()));
        return line.toString();
    }

    /**
     * The run's last word: with expectations, whether every check reached its expected verdict
     * (or which did not); without, the merged verdict.
     */
    public String verdictLine() {
        if (scenario.expect().isEmpty()) {
            return "verdict: " + valid().word();
        }
        return mismatches().isEmpty() ? "every check reached the expected verdict"
                : "checks that did not reach the expected verdict: " + mismatches().keySet();
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
