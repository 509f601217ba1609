package io.lockchaos.checker.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import java.util.List;
import java.util.Locale;

/** The verdicts on one or more histories, rendered as a terminal summary or as Json.MAPPER. */
public record CheckReport(List<FileReport> files) {

    /** Made on first use only: the text summary needs no data binding (a quicker start). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    public CheckReport {
        files = List.copyOf(files);
    }

    public Validity valid() {
        Validity v = Validity.VALID;
        for (FileReport f : files) {
            v = v.merge(f.valid());
        }
        return v;
    }

    /**
     * {@code {"valid": ..., "files": [{"file": ..., "valid": ..., "tornLine": N, "checks": {"mutex": {"valid":
     * ..., "summary": ..., "evidence": [...]}, ...}}]}}; {@code tornLine} only for a torn file.
     */
    public String toJson() {
        return Json.MAPPER.valueToTree(tree()).toPrettyString();
    }

    /** The JSON tree of {@link #toJson()}. */
    public ObjectNode tree() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.set("valid", Json.MAPPER.valueToTree(valid().json()));
        ArrayNode list = root.putArray("files");
        for (FileReport f : files) {
            ObjectNode file = list.addObject();
            file.put("file", f.file());
            file.put("events", f.events());
            file.set("valid", Json.MAPPER.valueToTree(f.valid().json()));
            file.put("elapsedSeconds", Math.round(f.elapsedSeconds() * 1000) / 1000.0);
            f.tornLine().ifPresent(line -> file.put("tornLine", line));
            ObjectNode checks = file.putObject("checks");
            for (CheckResult r : f.checks()) {
                checks.set(r.check(), check(r));
            }
        }
        return root;
    }

    /** One check's JSON: {@code {"valid": ..., "summary": ..., "evidence": [...]}}. */
    public static ObjectNode check(CheckResult r) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.set("valid", Json.MAPPER.valueToTree(r.valid().json()));
        node.put("summary", r.summary());
        ArrayNode evidence = node.putArray("evidence");
        for (Evidence e : r.evidence()) {
            JsonNode fields = Json.MAPPER.valueToTree(e);
            ObjectNode item = fields instanceof ObjectNode o ? o : Json.MAPPER.createObjectNode().set("value", fields);
            item.put("explanation", e.explanation());
            evidence.add(item);
        }
        return node;
    }

    /** A summary for a terminal: one line per check, evidence indented below it. */
    public String toText() {
        StringBuilder out = new StringBuilder();
        for (FileReport f : files) {
            out.append(f.file()).append(": ").append(f.valid().word())
                    .append(String.format(Locale.ROOT, " (%d events, %.2f s)%n", f.events(), f.elapsedSeconds()));
            f.tornLine().ifPresent(line -> out.append(String.format(Locale.ROOT, "  %-13s %-8s %s%n", "torn", "unknown",
                    "line " + line + " is torn and left out: the checks judged the " + f.events()
                            + " events before it, and what came after is not known")));
            for (CheckResult r : f.checks()) {
                out.append(String.format(Locale.ROOT, "  %-13s %-8s %s%n", r.check(), r.valid().word(), r.summary()));
                for (Evidence e : r.evidence()) {
                    for (String line : e.render().split("\\R")) {
                        out.append("      ").append(line).append(System.lineSeparator());
                    }
                }
            }
        }
        if (files.size() > 1) {
            out.append("all: ").append(valid().word()).append(System.lineSeparator());
        }
        return out.toString();
    }

}
