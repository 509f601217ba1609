package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.HistoryReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.HistoryFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of bad input is reported with its file, its line, what is wrong and what was expected. */
class BadInputTest {

    private static final String OK_EDN = "{:type :invoke, :process 0, :f :read, :value nil}\n";
    private static final String OK_JSON = "{\"type\": \"invoke\", \"process\": 0, \"f\": \"read\"}\n";
    private static final String OK_LOG = "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n";

    static Stream<Arguments> cases() {
        return Stream.of(
                edn(OK_EDN + "{:type :ok :process 0 :f}\n", 2, "malformed EDN", "an even number of forms"),
                edn(OK_EDN + "{:type :ok, :process 0, :f :read", 2, "malformed EDN", "EOF while reading"),
                edn(OK_EDN + "{:process 0, :f :read}\n", 2, "missing :type", "expected an op map"),
                edn(OK_EDN + "{:type :ok, :f :read}\n", 2, "missing :process", "expected an op map"),
                edn(OK_EDN + "{:type :ok, :process 0}\n", 2, "missing :f", "expected an op map"),
                edn(OK_EDN + "{:type :done, :process 0, :f :read}\n", 2, "unknown :type :done",
                        "expected one of :invoke, :ok, :fail or :info"),
                edn(OK_EDN + "{:type :ok, :process -1, :f :read}\n", 2, "bad :process -1",
                        "expected a non-negative integer"),
                edn(OK_EDN + "{:type :ok, :process 1.5, :f :read}\n", 2, "bad :process 1.5",
                        "or a name such as :nemesis"),
                edn(OK_EDN + "{:type :ok, :process 0, :f 7}\n", 2, "bad :f 7", "expected a function name"),
                edn(OK_EDN + "{:type :ok, :process 0, :f :read, :time :late}\n", 2, "bad :time :late",
                        "integer number of nanoseconds"),
                edn(OK_EDN + "[1 2]\n", 2, "found '[1 2]'", "expected an op map"),
                edn(OK_EDN + "{:type :ok, :process 0, :f :read, :value 99999999999999999999}\n", 2,
                        "does not fit in 64 bits", "expected integers between"),
                edn(OK_EDN + "{:type :ok, :process 0, :f :read, :value 1/2}\n", 2,
                        "unsupported EDN value 1/2", "no ratios"),
                edn("[" + OK_EDN + OK_EDN.replace(":invoke", ":ok"), 1, "end of file inside the vector",
                        "opened on line 1; expected ']'"),
                edn("[" + OK_EDN + "]\n{:type :ok}\n", 3, "after the vector of ops", "expected the end"),
                edn("(" + OK_EDN + OK_EDN.replace(":invoke", ":ok"), 1, "end of file inside the list",
                        "opened on line 1; expected ')'"),
                edn("(" + OK_EDN + ")\n{:type :ok}\n", 3, "after the list of ops", "expected the end"),
                edn(OK_EDN + "{:type :ok, :process 1, :f :read}\n", 2, "event 1",
                        "no outstanding invocation; expected an earlier :invoke"),
                edn(OK_EDN + "\n" + OK_EDN, 3, "invoked again while event 0 (line 1)",
                        "at most one operation outstanding"),
                json(OK_JSON + "{\"type\": \"ok\", \"process\": 0,, \"f\": \"read\"}\n", 2, "malformed JSON at column",
                        "expected an op object"),
                json(OK_JSON + "[1]\n", 2, "found array [1]", "expected an op object"),
                json(OK_JSON + "{\"process\": 0, \"f\": \"read\"}\n", 2, "missing type", "expected an op object"),
                json(OK_JSON + "{\"type\": \"done\", \"process\": 0, \"f\": \"read\"}\n", 2,
                        "unknown type \"done\"", "expected one of invoke, ok, fail or info"),
                json(OK_JSON + "{\"type\": \"ok\", \"process\": true, \"f\": \"read\"}\n", 2, "bad process true",
                        "expected a non-negative integer"),
                json(OK_JSON + "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": {\"#set\": 3}}\n", 2,
                        "\"#set\" holds 3", "expected an array"),
                json(OK_JSON + "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": 99999999999999999999}\n",
                        2, "does not fit in 64 bits", "expected integers between"),
                json(OK_JSON + "{\"type\": \"ok\", \"type\": \"ok\", \"process\": 0, \"f\": \"read\"}\n", 2,
                        "Duplicate field 'type'", "expected an op object"),
                json(OK_JSON + OK_JSON.replace("invoke", "ok").replace("0", "4"), 2, "event 1",
                        "no outstanding invocation"),
                log(OK_LOG + "INFO  jepsen.util - x\t:invoke\t:read\tnil\n", 2, "bad process 'x'",
                        "expected a non-negative integer or a keyword"),
                log(OK_LOG + "INFO  jepsen.util - 1\t:done\t:read\tnil\n", 2, "unknown type ':done'",
                        "expected :invoke, :ok, :fail or :info"),
                log(OK_LOG + "INFO  jepsen.util - 1\t:invoke\t:read\n", 2, "expected 4 fields",
                        "found '1\t:invoke\t:read'"),
                log(OK_LOG + "some other output\nINFO  jepsen.util - 1\t:invoke\t:cas\t[1 2\n", 3,
                        "malformed EDN value '[1 2'", "expected an EDN value"),
                log(OK_LOG + "INFO  jepsen.util - 1\t:ok\t:read\t3\n", 2, "event 1", "no outstanding invocation"));
    }

    @ParameterizedTest(name = "[{index}] {1}:{2} {3}")
    @MethodSource("cases")
    void namesFileLineProblemAndExpectation(HistoryReader reader, String file, int line, String problem,
                                            String expected, String text) {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> reader.readString(file, text));
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(file, e.source());
        assertTrue(e.getMessage().startsWith(file + ":" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), "says what is wrong: " + e.getMessage());
        assertTrue(e.getMessage().contains(expected), "says what was expected: " + e.getMessage());
    }

    @Test
    void aTextFileWithNoOpLinesIsNotAnEmptyHistory(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "INFO starting\nnothing else here\n");
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryFormats.read(file));
        assertTrue(e.getMessage().contains("no line holds 'jepsen.util - '"), e.getMessage());
    }

    @Test
    void unknownContentAndExtensionSaysWhatWouldDo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("history.dat"), "hello\n");
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryFormats.read(file));
        assertTrue(e.getMessage().startsWith(file + ": cannot tell the history format"), e.getMessage());
        assertTrue(e.getMessage().contains("ending in .edn or .jsonl"), e.getMessage());
    }

    @Test
    void aMissingFileSaysSo(@TempDir Path dir) {
        Path file = dir.resolve("absent.edn");
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> new EdnHistoryReader().read(file));
        assertEquals(file + ": no such file; check the path", e.getMessage());
    }

    private static Arguments edn(String text, int line, String problem, String expected) {
        return Arguments.of(new EdnHistoryReader(), "h.edn", line, problem, expected, text);
    }

    private static Arguments json(String text, int line, String problem, String expected) {
        return Arguments.of(new JsonLinesHistoryReader(), "h.jsonl", line, problem, expected, text);
    }

    private static Arguments log(String text, int line, String problem, String expected) {
        return Arguments.of(new JepsenLogHistoryReader(), "h.log", line, problem, expected, text);
    }
}
