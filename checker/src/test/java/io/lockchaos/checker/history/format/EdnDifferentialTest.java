package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.HistoryWriter;
import io.lockchaos.history.format.EdnHistoryWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lockchaos.testkit.lock.LockAnomaly;
import io.lockchaos.testkit.lock.LockHistories;
import io.lockchaos.history.History;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Value;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming EDN reader against Clojure's own reader, the reference: over every EDN file
 * and Jepsen log in the test resources, over random histories as the writer prints them, and
 * over random op maps spelled in the many ways EDN allows (tags, discards, hex, ratios,
 * characters, comments...). Both must give the same ops, or the same error; where the fast
 * pass gives up, the answer is Clojure's by construction, and the corpus must not need that.
 * The byte pass ({@link EdnBytes}, the first one a file meets) is held to the same.
 */
class EdnDifferentialTest {

    static Stream<Path> ednFiles() throws IOException {
        Path resources = CorpusReadTest.corpus().getParent();
        try (Stream<Path> files = Files.walk(resources)) {
            List<Path> edn = files.filter(f -> f.toString().endsWith(".edn")
                    || f.getParent().getFileName().toString().equals("porcupine-kv")).sorted().toList();
            return edn.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ednFiles")
    void everyEdnFileReadsAsClojureReadsIt(Path file) throws IOException {
        String text = Files.readString(file);
        History fast = EdnHistoryReader.readFast(file.toString(), new StringReader(text));
        History reference = new ClojureEdnHistoryReader().readString(file.toString(), text);
        assertEquals(reference.ops(), fast.ops());
        assertEquals(reference.ops(), bytePass(file.toString(), text).ops(), "the byte pass");
        assertEquals(reference.ops(), new EdnHistoryReader().read(file).ops(), "the reader as a file's reader");
    }

    private static History bytePass(String source, String text) {
        try {
            return EdnBytes.read(source, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyJepsenLogValueReadsAsClojureReadsIt() throws IOException {
        Path dir = CorpusReadTest.corpus().resolve("porcupine-etcd");
        int values = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                for (String line : Files.readAllLines(file)) {
                    String[] parts = line.split("\t", 4);
                    if (parts.length == 4 && line.contains(JepsenLogHistoryReader.MARKER)) {
                        assertSameValue(parts[3]);
                        values++;
                    }
                }
            }
        }
        assertTrue(values > 10_000, "read " + values + " values");
    }

    @Test
    void randomHistoriesAsTheWriterPrintsThem() {
        for (long seed = 0; seed < 400; seed++) {
            StringWriter text = new StringWriter();
            try (HistoryWriter out = new EdnHistoryWriter(text, "seed " + seed)) {
                out.writeAll(History.of(new HistoryGenerators(seed).history()).ops());
            }
            assertSameOutcome("seed " + seed, text.toString(), false);
        }
    }

    /** Lock histories repeat an op's value map often: the byte pass's cache of them must read as Clojure does. */
    @Test
    void lockHistoriesWithTheirRepeatedValueMaps() {
        for (long seed = 0; seed < 4; seed++) {
            History generated = LockHistories.generate(seed, 3_000, 5, 1 + (int) seed, Fencing.FENCED,
                    LockAnomaly.EXPIRED_LEASE).history();
            StringWriter text = new StringWriter();
            try (HistoryWriter out = new EdnHistoryWriter(text, "seed " + seed)) {
                out.writeAll(generated.ops());
            }
            History reference = new ClojureEdnHistoryReader().readString("lock.edn", text.toString());
            assertEquals(reference.ops(), bytePass("lock.edn", text.toString()).ops(), "seed " + seed);
        }
    }

    @Test
    void randomSpellingsOfOpMaps() {
        int fast = 0;
        int bytes = 0;
        for (long seed = 0; seed < 3000; seed++) {
            String text = new Spellings(new Random(seed)).history();
            fast += assertSameOutcome("seed " + seed + ":\n" + text, text, true) ? 1 : 0;
            bytes += assertSameBytePass("seed " + seed + ":\n" + text, text) ? 1 : 0;
        }
        assertTrue(fast > 150, "the fast pass read " + fast + " of 3000 itself");
        assertTrue(bytes > 150, "the byte pass read " + bytes + " of 3000 itself");
    }

    /** Repeated op keys and value-map keys, and maps on either side of eight entries. */
    @Test
    void repeatedKeysAndMapsOfEverySize() {
        String[] maps = {
            "{}", "{:a 1}", "{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8}", "{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8 :i 9}",
            "{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :a 8}", "{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8 :a 9}",
            "{[1] 1 [1] 2}", "{1 :a 1.0 :b}", "{nil 1 :nil 2}", "{\"k\" 1 :k 2 k 3}", "{{:a 1} 1 {:a 1} 2}",
            "{:lock \"job-0\", :token 34}", "{:lock \"job-0\", :lock \"job-1\"}", "{:a {:b 1 :b 2}}",
        };
        String[] repeats = {
            "", ":type :ok", ":process 1", ":f :write", ":value 1", ":time 5", ":index 4", ":error :x",
            ":key 1", ":other 1 :other 2", ":time 5 :time 6",
        };
        int read = 0;
        for (String map : maps) {
            for (String repeat : repeats) {
                String text = "{:type :invoke, :process 0, :f :read, :value " + map + ", :time 1, :index 3, "
                        + ":error :e, :key 0 " + repeat + "}\n{:type :ok, :process 0, :f :read, :value " + map + "}\n";
                read += assertSameOutcome(text, text, true) ? 1 : 0;
            }
        }
        assertTrue(read >= 6, "the fast pass read " + read + " of them itself");
    }

    /** An op's {@code :time}, which the byte pass keeps as a number, in every spelling: the same ops or the same error. */
    @Test
    void timeSpellings() {
        String[] times = {"0", "7", "017", "-5", "+5", "1.5", "1e3", "nil", "123456789012345678", "1234567890123456789",
            "9223372036854775808", "7N", ":k", "\"7\"", "#_ 1 2", "[1]", "12abc", "0x10"};
        int bytes = 0;
        for (String time : times) {
            String text = "{:type :invoke, :process 5000, :f :read, :time " + time + ", :value nil}\n"
                    + "{:time " + time + " :type :ok, :process 5000, :f :read, :value nil}\n"
                    + "{:type :invoke, :process 904, :time " + time + ", :f :read, :value nil}\n";
            assertSameOutcome(time, text, true);
            bytes += assertSameBytePass(time, text) ? 1 : 0;
        }
        assertTrue(bytes >= 6, "the byte pass read " + bytes + " of them itself");
    }

    /**
     * The byte pass gives Clojure's ops or Clojure's error, or leaves the text to the next
     * pass; true when it read the text itself.
     */
    private static boolean assertSameBytePass(String what, String text) {
        History reference;
        try {
            reference = new ClojureEdnHistoryReader().readString("h.edn", text);
        } catch (HistoryFormatException e) {
            try {
                bytePass("h.edn", text);
                fail(what + ": the byte pass read what Clojure refused: " + e.getMessage());
            } catch (HistoryFormatException mine) {
                assertEquals(e.getMessage(), mine.getMessage(), what);
            } catch (EdnScanner.Inexact left) {
                return false;
            }
            return false;
        }
        try {
            assertEquals(reference.ops(), bytePass("h.edn", text).ops(), what);
            return true;
        } catch (EdnScanner.Inexact left) {
            return false;
        }
    }

    @Test
    void deepNestingIsRefusedWithTheLineNotAStackOverflow() {
        String deep = "{:type :invoke, :process 0, :f :read, :value " + "[".repeat(20_000) + "]".repeat(20_000) + "}";
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> new EdnHistoryReader().readString("deep.edn", "\n" + deep));
        assertTrue(e.getMessage().startsWith("deep.edn:2: values nested more than"), e.getMessage());
        HistoryFormatException clojure = assertThrows(HistoryFormatException.class,
                () -> new ClojureEdnHistoryReader().readString("deep.edn", deep));
        assertTrue(clojure.getMessage().contains("nested too deep"), clojure.getMessage());
    }

    private static void assertSameValue(String text) {
        StringBuilder fastRest = new StringBuilder();
        StringBuilder clojureRest = new StringBuilder();
        Value fast = EdnScanner.readValue(text, new SourceLine("log", 1), fastRest);
        Value reference = ClojureEdn.readValue(text, new SourceLine("log", 1), clojureRest);
        assertEquals(reference, fast, text);
        assertEquals(clojureRest.toString(), fastRest.toString(), text);
    }

    /** Same ops or the same error; true when the fast pass read it without Clojure. */
    private static boolean assertSameOutcome(String what, String text, boolean errorsAllowed) {
        History reference;
        try {
            reference = new ClojureEdnHistoryReader().readString("h.edn", text);
        } catch (HistoryFormatException e) {
            if (!errorsAllowed) {
                fail(what + ": Clojure refused it: " + e.getMessage());
            }
            HistoryFormatException mine = assertThrows(HistoryFormatException.class,
                    () -> new EdnHistoryReader().readString("h.edn", text), what);
            assertEquals(e.getMessage(), mine.getMessage(), what);
            return false;
        }
        assertEquals(reference.ops(), new EdnHistoryReader().readString("h.edn", text).ops(), what);
        assertSameBytePass(what, text);
        try {
            assertEquals(reference.ops(), EdnHistoryReader.readFast("h.edn", new StringReader(text)).ops(), what);
            return true;
        } catch (EdnScanner.Inexact e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Random op maps in varied EDN spellings, some of them malformed on purpose. */
    private record Spellings(Random random) {

        private static final String[] VALUES = {
            "nil", "true", "false", "0", "-0", "+7", "42", "-9223372036854775808", "9223372036854775807",
            "9223372036854775808", "123456789012345678", "1234567890123456789", "017", "0x1F", "2r101",
            "7N", "1.5", "-2.5e-3", "1E5", "1.", "01.5", "3.0M", "1/2", "##Inf", "##-Inf", "##NaN", "##Foo",
            ":k", ":ns/k", ":a.b/c-d?", "::k", ":1", ":k/", "sym", "a/b", "+", "-", ".x", "x#", "a'b",
            "\"s\"", "\"tab\\there\"", "\"q\\\"uote\"", "\"\\u00e9\"", "\"\\101\"", "\"bad\\q\"", "\"日本\"",
            "\"line\nbreak\"", "\"cr\rhere\"", "\\c", "\\newline", "\\space", "\\u0041", "\\o101", "\\tab",
            "[1 2 3]", "(1 2)", "[]", "()", "{}", "#{}", "#{1 2}", "#{1 1}", "{:a 1 :a 2}", "{:a}", "{1 2, \"k\" :v}",
            "#inst \"2024-01-01T00:00:00.000-00:00\"", "#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
            "#my/tag [1]", "#_ 5 6", "[#_ 1 2]", "[1 #_2]", "^:m [1]", "[1 ; c\n 2]", "#:ns{:a 1}", "#\"re\"",
            "@x", "`x", "~x", "\\", "[", "]", "}", "{:a {:b {:c [1 #{:d}]}}}", "1,2",
        };

        /**
         * Past 8 entries Clojure's maps iterate in hash order and the fast pass keeps the
         * file's order: equal values, printed differently, so never where a message shows it.
         */
        private static final String BIG_MAP = "{:x 1 :y 2 :z 3 :w 4 :v 5 :u 6 :t 7 :s 8 :r 9}";

        /** Mostly the plain values Jepsen writes, sometimes an odd spelling. */
        String value() {
            return switch (random.nextInt(12)) {
                case 0 -> String.valueOf(random.nextLong());
                case 1 -> "[" + random.nextInt(5) + " " + random.nextInt(5) + "]";
                case 2 -> ":timed-out";
                case 3 -> "{:lock \"job-" + random.nextInt(3) + "\" :token " + random.nextInt(100) + "}";
                default -> VALUES[random.nextInt(VALUES.length)];
            };
        }

        String op(int process, String type) {
            String[] parts = {
                ":type " + type, ":process " + (random.nextInt(20) == 0 ? value() : String.valueOf(process)),
                ":f " + (random.nextInt(10) == 0 ? value() : ":read"),
                ":value " + (random.nextInt(20) == 0 ? BIG_MAP : value()),
                ":time " + (random.nextInt(40) == 0 ? value() : String.valueOf(random.nextLong() >>> random.nextInt(64))),
            };
            StringBuilder out = new StringBuilder(random.nextInt(8) == 0 ? "#jepsen.history.Op" : "")
                    .append(random.nextInt(10) == 0 ? "{:index 3, " : "{");
            for (String part : parts) {
                if (random.nextInt(30) != 0) {
                    out.append(part).append(random.nextBoolean() ? ", " : " ");
                }
            }
            if (random.nextInt(6) == 0) {
                out.append(random.nextBoolean() ? ":error " : ":key ").append(value()).append(' ');
            }
            if (random.nextInt(40) == 0) {
                out.append("\"type\" :ok ");
            }
            return out.append('}').toString();
        }

        String history() {
            int shape = random.nextInt(4);
            StringBuilder out = new StringBuilder(shape == 1 ? "[" : shape == 2 ? "(" : "");
            for (int p = random.nextInt(4); p >= 0; p--) {
                // Beyond the shared clients, and landing on the same slots of the reader's cache of them.
                int process = random.nextBoolean() ? p : 4096 * (1 + random.nextInt(3)) + p;
                out.append(op(process, ":invoke")).append(random.nextInt(5) == 0 ? " ; done\n" : "\n");
                out.append(op(process, random.nextBoolean() ? ":ok" : ":info")).append('\n');
            }
            if (random.nextInt(20) == 0) {
                out.append(value());
            }
            return out.append(shape == 1 ? "]" : shape == 2 ? ")" : "").toString();
        }
    }
}
