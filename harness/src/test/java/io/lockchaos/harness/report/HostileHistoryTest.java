package io.lockchaos.harness.report;

import io.lockchaos.history.ops.NemesisOps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.lock.LockChecks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * Every string a history (and the run's header) can carry to the page holds markup, each with its
 * own number ({@code <lc-7 ...>}): a lock name, a ledger key and append id, an error, nemesis
 * operation names, targets and values, a final read's key, the scenario's name, description,
 * schedule and failure. The page as written must hold none of them as markup, and each must still
 * be on it, escaped (so the test cannot pass by dropping values).
 */
class HostileHistoryTest {
    private static final Pattern RAW = Pattern.compile("<lc-(\\d+)");
    private static final Pattern ESCAPED = Pattern.compile("(?:&lt;|\\\\u003[cC])lc-(\\d+)");

    private final List<Op> ops = new ArrayList<>();
    private int markers;

    private String hostile(String what) {
        markers++;
        return what + "<lc-" + markers + " onload=alert(1)></script><img src=x onerror=alert(" + markers + ")>";
    }

    private void op(long ms, OpType type, Process p, String f, Value value, Value error) {
        ops.add(new Op(ops.size(), ms * 1_000_000, type, p, f, value, error, Map.of()));
    }

    private String page() {
        String lock = hostile("job");
        Process worker = new Process.Client(0);
        op(1, OpType.INVOKE, worker, "acquire", Value.map("lock", lock), Value.NIL);
        op(2, OpType.OK, worker, "acquire", Value.map("lock", lock, "token", 1L), Value.NIL);
        Value append = Value.map("key", hostile("ledger"), "id", hostile("append"), "token", 1L);
        op(3, OpType.INVOKE, worker, "append", append, Value.NIL);
        op(4, OpType.FAIL, worker, "append", append, Value.of(hostile("error")));
        op(5, OpType.INVOKE, worker, "release", Value.map("lock", lock, "token", 1L), Value.NIL);
        op(6, OpType.OK, worker, "release", Value.map("lock", lock, "token", 1L), Value.NIL);
        String fault = hostile("fault");
        op(7, OpType.INFO, Process.NEMESIS, "start-" + fault, Value.map(NemesisOps.TARGETS, Value.vec(Value.of(hostile("node")))),
                Value.NIL);
        op(8, OpType.INFO, Process.NEMESIS, "stop-" + fault, Value.NIL, Value.NIL);
        op(9, OpType.INFO, Process.NEMESIS, hostile("event"), Value.map("detail", hostile("detail")), Value.NIL);
        Value read = Value.map("key", hostile("read"));
        op(10, OpType.INVOKE, Process.FINAL, "read", read, Value.NIL);
        op(11, OpType.OK, Process.FINAL, "read", read, Value.NIL);
        History history = History.of("hostile", ops);
        List<Verdict> checks = new LockChecks().checkEach(history, CheckOptions.defaults()).stream()
                .map(Verdict::of).toList();
        ReportData.Header header = new ReportData.Header(hostile("scenario"), hostile("description"), 7,
                Duration.ofSeconds(1), hostile("schedule"), Map.of(), Optional.of(hostile("failure")), "a test");
        return Reports.html(new ReportData(header, checks, new Layout(List.of(hostile("lane")), 1), history));
    }

    @Test
    void everyValueIsOnThePageEscapedAndNoneAsMarkup() {
        String html = page();

        Matcher raw = RAW.matcher(html);
        assertFalse(raw.find(), "value " + (raw.hitEnd() ? "" : raw.group(1)) + " is markup on the page as written");
        Document parsed = Jsoup.parse(html);
        assertTrue(parsed.select("img").isEmpty(), "no <img> element came from a value");
        assertEquals(3, parsed.select("script").size(), "only the data, the chart library and the chart script");
        List<Integer> missing = new ArrayList<>();
        for (int marker = 1; marker <= markers; marker++) {
            missing.add(marker);
        }
        Matcher escaped = ESCAPED.matcher(html);
        while (escaped.find()) {
            missing.remove(Integer.valueOf(escaped.group(1)));
        }
        assertEquals(List.of(), missing, "values that never reached the page (the test would prove nothing of them)");
    }
}
