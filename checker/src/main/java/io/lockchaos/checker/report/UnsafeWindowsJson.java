package io.lockchaos.checker.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.lock.UnsafeWindow;
import io.lockchaos.checker.lock.UnsafeWindows;

/**
 * {@link UnsafeWindows} as JSON, the one spelling results.json uses: {@code {"count",
 * "worstMs", "medianMs", "totalMs", "told"}}, {@code "unmeasurable"} when the history could not
 * be measured, and with the windows {@code "windows": [{"lock", "holder", "holderToken",
 * "successor", "successorToken", "grantedAtMs", "endAtMs", "windowMs", "bound", "writes":
 * {"acknowledged", "stale", "unknown", "failed"}, "noticeMs"}]}: times in ms since the run's start,
 * {@code noticeMs} from the successor's grant to the loss notice, null when never told; for a run,
 * {@code "lossNotice": {"backend", "from"}}: what could tell its holders, {@code from} null when its
 * backend cannot tell (a null {@code noticeMs} then means "could not be told").
 */
public final class UnsafeWindowsJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private UnsafeWindowsJson() {
    }

    /** The figures, and the windows themselves when {@code withWindows}. */
    public static ObjectNode tree(UnsafeWindows w, boolean withWindows) {
        ObjectNode node = JSON.createObjectNode();
        node.put("count", w.count());
        node.put("worstMs", ms(w.worstMs()));
        node.put("medianMs", ms(w.medianMs()));
        node.put("totalMs", ms(w.totalMs()));
        node.put("told", w.told());
        w.unmeasurable().ifPresent(why -> node.put("unmeasurable", why));
        w.notice().ifPresent(n -> {
            ObjectNode notice = node.putObject("lossNotice");
            notice.put("backend", n.backend());
            if (n.from().isPresent()) {
                notice.put("from", n.from().get());
            } else {
                notice.putNull("from");
            }
        });
        if (withWindows) {
            ArrayNode list = node.putArray("windows");
            w.windows().forEach(window -> list.add(window(window)));
        }
        return node;
    }

    private static ObjectNode window(UnsafeWindow w) {
        ObjectNode node = JSON.createObjectNode();
        node.put("lock", w.lock());
        node.put("holder", w.holder().toString());
        node.put("holderToken", w.holderToken());
        node.put("successor", w.successor().toString());
        node.put("successorToken", w.successorToken());
        node.put("grantedAtMs", ms(w.granted() / 1e6));
        node.put("endAtMs", ms(w.end() / 1e6));
        node.put("windowMs", ms(w.millis()));
        node.put("bound", w.bound().word());
        ObjectNode writes = node.putObject("writes");
        writes.put("acknowledged", w.writes().acknowledged());
        writes.put("stale", w.writes().stale());
        writes.put("unknown", w.writes().unknown());
        writes.put("failed", w.writes().failed());
        if (w.noticeMillis().isPresent()) {
            node.put("noticeMs", ms(w.noticeMillis().getAsDouble()));
        } else {
            node.putNull("noticeMs");
        }
        return node;
    }

    /** To a tenth of a millisecond. */
    private static double ms(double ms) {
        return Math.round(ms * 10) / 10.0;
    }
}
