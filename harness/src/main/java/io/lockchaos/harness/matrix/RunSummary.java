package io.lockchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.harness.run.ResultsDir;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one run of a scenario left behind, as the matrix counts it.
 *
 * @param results the run's folder
 * @param wallSeconds the run's wall time, cluster start and teardown included
 * @param carriedOut whether the run got as far as its verdicts ({@code results.json}); a run
 *     that failed has none, and every check counts as unknown
 * @param matched whether every expected verdict came true (false when not carried out)
 * @param verdicts each check's verdict by name, as in {@code results.json}
 * @param staleRefused operations the fenced stores refused as {@code :stale-token}
 * @param lostUpdates lost updates the {@code ledger} check found, over every lane
 * @param worstUnsafeWindowMs the longest unsafe window of the run ({@code unsafeWindows.worstMs}
 *     of results.json, 0 when none); empty when the run was not carried out, not measured, or
 *     its results.json predates the field
 * @param worstStallMs the longest the harness stood still during the workload ({@code worstStallMs}
 *     of results.json); empty when not recorded
 * @param voided why the run does not count although it has verdicts (its timing did not hold
 *     beside other runs); empty for a run that counts
 */
public record RunSummary(ResultsDir results, double wallSeconds, boolean carriedOut, boolean matched,
                         Map<String, Validity> verdicts, int staleRefused, int lostUpdates,
                         OptionalDouble worstUnsafeWindowMs, OptionalDouble worstStallMs, Optional<String> voided) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunSummary {
        verdicts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
    }

    /**
     * Reads the run in {@code results}: its verdicts from {@code results.json} (missing: a run
     * that was not carried out) and the refusals from {@code history.jsonl}.
     *
     * @throws MatrixException when a file is there but cannot be read
     */
    public static RunSummary read(ResultsDir results, double wallSeconds) {
        if (!Files.isRegularFile(results.resultsJson())) {
            return new RunSummary(results, wallSeconds, false, false, Map.of(), 0, 0, OptionalDouble.empty(),
                    OptionalDouble.empty(), Optional.empty());
        }
        JsonNode root;
        try {
            root = JSON.readTree(results.resultsJson().toFile());
        } catch (IOException e) {
            throw new MatrixException(results.resultsJson() + ": cannot read the run's verdicts (" + e.getMessage() + ")", e);
        }
        Map<String, Validity> verdicts = new LinkedHashMap<>();
        int lost = 0;
        for (Map.Entry<String, JsonNode> check : root.path("checks").properties()) {
            verdicts.put(check.getKey(), validity(check.getValue().path("valid")));
            if (check.getKey().startsWith("ledger-")) {
                for (JsonNode evidence : check.getValue().path("evidence")) {
                    lost += evidence.has("basedOnFound") ? 1 : 0;
                }
            }
        }
        JsonNode windows = root.path("unsafeWindows");
        OptionalDouble worst = windows.path("worstMs").isNumber() && !windows.has("unmeasurable")
                ? OptionalDouble.of(windows.path("worstMs").asDouble()) : OptionalDouble.empty();
        OptionalDouble stall = root.path("worstStallMs").isNumber() ? OptionalDouble.of(root.path("worstStallMs").asDouble())
                : OptionalDouble.empty();
        return new RunSummary(results, wallSeconds, true, root.path("matched").asBoolean(false), verdicts,
                staleRefused(results), lost, worst, stall, Optional.empty());
    }

    /**
     * This run not carried out after all, for {@code why}: its verdicts stand in its folder but
     * the matrix counts them as none (exit 2), never as a verdict that came out wrong.
     */
    public RunSummary voided(String why) {
        return new RunSummary(results, wallSeconds, false, false, Map.of(), staleRefused, lostUpdates,
                OptionalDouble.empty(), worstStallMs, Optional.of(why));
    }

    /** A check's verdict as {@code results.json} writes it: true, false or "unknown". */
    static Validity validity(JsonNode valid) {
        if (valid.isBoolean()) {
            return valid.booleanValue() ? Validity.VALID : Validity.INVALID;
        }
        return Validity.UNKNOWN;
    }

    private static int staleRefused(ResultsDir results) {
        if (!Files.isRegularFile(results.historyJsonl())) {
            return 0;
        }
        History history = HistoryFormats.read(results.historyJsonl());
        int refused = 0;
        for (Op op : history.ops()) {
            refused += op.type() == OpType.FAIL && LockChecks.isStaleToken(op.error()) ? 1 : 0;
        }
        return refused;
    }

    /** This run's verdict of {@code check}: unknown when the run has none. */
    public Validity verdict(String check) {
        return verdicts.getOrDefault(check, Validity.UNKNOWN);
    }
}
