package io.lockchaos.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads where an evidence object of results.json points, by the lock checks' record fields:
 * overlapping holds ({@code first}, {@code second}: holds), a token that did not increase
 * ({@code later}: a grant, whose hold starts when it was granted), and ledger findings with a
 * writer and a time ({@code appendedAt}, {@code completedAt}). Anything else points nowhere.
 */
final class Highlights {

    private Highlights() {
    }

    static List<Highlight> of(JsonNode e) {
        List<Highlight> out = new ArrayList<>();
        hold(e.path("first"), "start", out);
        hold(e.path("second"), "start", out);
        hold(e.path("later"), "grantedAt", out);
        point(e, "appendedAt", "lost update: " + e.path("entry").asText("?"), out);
        point(e, "completedAt", "acknowledged append missing: " + e.path("entry").asText("?"), out);
        return out;
    }

    private static void hold(JsonNode h, String startField, List<Highlight> out) {
        JsonNode process = h.path("process").path("id");
        if (process.isInt() && h.path("lock").isTextual() && h.path(startField).isIntegralNumber()) {
            out.add(new Highlight.HoldAt(process.intValue(), h.path("lock").textValue(), h.path(startField).longValue()));
        }
    }

    private static void point(JsonNode e, String timeField, String what, List<Highlight> out) {
        JsonNode writer = e.path("writer").path("id");
        if (writer.isInt() && e.path(timeField).isIntegralNumber()) {
            out.add(new Highlight.PointAt(writer.intValue(), e.path(timeField).longValue(), what));
        }
    }
}
