package io.lockchaos.checker.history.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Histories as Jepsen writes them: tagged records, one vector over many lines, #inst. */
class JepsenEdnTest {

    private final EdnHistoryReader reader = new EdnHistoryReader();

    @Test
    void readsTaggedOpRecords() {
        String text = """
                #jepsen.history.Op{:index 0, :time 1200345, :type :invoke, :process 3, :f :acquire, :value {:lock "job-0"}}
                #jepsen.history.Op{:index 1, :time 1900000, :type :ok, :process 3, :f :acquire, :value {:lock "job-0", :token 34}}
                #jepsen.history.Op{:index 2, :time 2000000, :type :info, :process :nemesis, :f :start-pause, :value {:targets ["worker-3"], :ms 15000}, :started #inst "2026-01-02T03:04:05.000-00:00"}
                """;
        History h = reader.readString("history.edn", text);

        assertEquals(3, h.size());
        Op grant = h.ops().get(1);
        assertEquals(OpType.OK, grant.type());
        assertEquals(Process.client(3), grant.process());
        assertEquals(1900000, grant.time());
        assertEquals(34L, grant.value().getLong("token").orElseThrow());
        Op pause = h.ops().get(2);
        assertEquals(Process.NEMESIS, pause.process());
        assertEquals(Map.of("started", Value.of("2026-01-02T03:04:05.000-00:00")), pause.extra(),
                "#inst gives its string, kept as an extra");
        assertEquals(2, h.operations().size(), "acquire, then the standalone nemesis event");
    }

    @Test
    void readsOneVectorOverManyLinesWithEachOpsLine() {
        String text = """
                ; a Jepsen history, as one vector
                [{:index 0, :time 10, :type :invoke, :process 0, :f :read, :value nil}
                 #jepsen.history.Op{:index 1, :time 20, :type :invoke, :process 1,
                                    :f :write, :value 3}
                 {:index 2, :time 30, :type :ok, :process 0, :f :read, :value nil}
                 {:index 3, :time 40, :type :ok, :process 2, :f :write, :value 3}]
                """;
        HistoryFormatException e = assertThrowsFormat(() -> reader.readString("history.edn", text));
        assertEquals(6, e.line(), "the :ok of process 2, which never invoked");
        assertTrue(e.getMessage().startsWith("history.edn:6: event 3"), e.getMessage());

        History h = reader.readString("history.edn", text.replace(":process 2", ":process 1"));
        assertEquals(List.of(10L, 20L, 30L, 40L), h.ops().stream().map(Op::time).toList());
        assertEquals(Value.of(3), h.operations().get(1).output());
    }

    @Test
    void readsOneListAsKnossossTestDataHasIt() {
        String text = """
                ({:type :invoke, :f :cas, :value [1 4], :process 101, :time 99286665244}
                 {:type :fail, :f :cas, :value [1 4], :process 101, :time 99292796802})
                """;
        History h = reader.readString("rethink.edn", text);
        assertEquals(2, h.size());
        assertEquals(OpType.FAIL, h.operations().get(0).type());
        assertEquals(java.util.Optional.of(HistoryFormat.EDN), HistoryFormat.sniff(text));
    }

    @Test
    void anErrorShowsAtMostALineOfTheInput() {
        String ops = "{:type :invoke, :f :read, :process 1}\n".repeat(2000);
        HistoryFormatException e = assertThrowsFormat(() -> reader.readString("nested.edn", "[(" + ops + ")]"));
        assertTrue(e.getMessage().length() < 400, e.getMessage().length() + " chars: " + e.getMessage());
        assertTrue(e.getMessage().contains("expected an op map"), e.getMessage());
    }

    @Test
    void readsMapsWithCommasAndCommentsAndBlankLines() {
        String text = "\n{:type :invoke, :process 0, :f :read}\n\n;; done\n,{:type :ok :process 0 :f :read :value 1}\n";
        History h = reader.readString("h.edn", text);
        assertEquals(Value.NIL, h.ops().get(0).value(), "a missing :value is nil");
        assertEquals(Op.NO_TIME, h.ops().get(0).time(), "a missing :time is no time");
        assertEquals(Value.of(1), h.ops().get(1).value());
    }

    @Test
    void readsFunctionsAndProcessesGivenAsStrings() {
        History h = reader.readString("h.edn", "{:type \"info\", :process \"nemesis\", :f \"kill\"}");
        assertEquals(Process.NEMESIS, h.ops().get(0).process());
        assertEquals("kill", h.ops().get(0).f());
    }

    @Test
    void symbolsAndCharactersBecomeStrings() {
        History h = reader.readString("h.edn", "{:type :info, :process :nemesis, :f :x, :value [foo \\c]}");
        assertEquals(Value.vec(Value.of("foo"), Value.of("c")), h.ops().get(0).value());
    }

    static HistoryFormatException assertThrowsFormat(org.junit.jupiter.api.function.Executable read) {
        return org.junit.jupiter.api.Assertions.assertThrows(HistoryFormatException.class, read);
    }
}
