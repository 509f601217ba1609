package io.lockchaos.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.report.CheckReport;
import java.util.ArrayList;
import java.util.List;

/**
 * One check's result as the report shows it.
 *
 * @param check the check's name as in results.json ({@code mutex}, {@code ledger-fenced}, ...)
 * @param valid the verdict
 * @param summary the check's one-line summary
 * @param findings the evidence, each with its sentence and where it points
 */
public record Verdict(String check, Validity valid, String summary, List<Finding> findings) {

    public Verdict {
        findings = List.copyOf(findings);
    }

    /** From a check result of this JVM. */
    public static Verdict of(CheckResult result) {
        return of(result.check(), CheckReport.check(result));
    }

    /**
     * From one check's entry of results.json, {@code {"valid", "summary", "evidence": [...]}}.
     *
     * @throws ReportException when {@code valid} is not {@code true}, {@code false} or {@code "unknown"}
     */
    public static Verdict of(String check, JsonNode json) {
        List<Finding> findings = new ArrayList<>();
        for (JsonNode e : json.path("evidence")) {
            findings.add(Finding.of(e));
        }
        return new Verdict(check, validity(check, json.path("valid")), json.path("summary").asText(""), findings);
    }

    private static Validity validity(String check, JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue() ? Validity.VALID : Validity.INVALID;
        }
        if (v.isTextual() && v.textValue().equals("unknown")) {
            return Validity.UNKNOWN;
        }
        throw new ReportException("check '" + check + "': field 'valid' is " + v + "; expected true, false or"
                + " \"unknown\" (regenerate results.json with 'lockchaos report' after removing it)");
    }

    /**
     * One piece of evidence: the sentence a person reads and what it points at on the timeline.
     *
     * @param explanation the evidence's own sentence
     * @param highlights holds and moments it names; empty when it names none
     */
    public record Finding(String explanation, List<Highlight> highlights) {

        public Finding {
            highlights = List.copyOf(highlights);
        }

        /** From one evidence object of results.json. */
        static Finding of(JsonNode e) {
            return new Finding(e.path("explanation").asText(e.toString()), Highlights.of(e));
        }
    }
}
