package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lockchaos check} end to end, on the corpus and the lock fixtures of the checker module. */
class CheckCommandTest {

    private static final Path CORPUS = Path.of("..", "checker", "src", "test", "resources", "corpus");
    private static final Path LOCK = Path.of("..", "checker", "src", "test", "resources", "lock");

    private static String file(Path dir, String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void aLinearizableEtcdHistoryExitsZero() {
        CliOutcome o = CliOutcome.run("check", "--model", "cas-register-strict", file(CORPUS, "porcupine-etcd/etcd_002.log"));
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.out().contains("linearizable  valid"), o.out());
    }

    @Test
    void aNonLinearizableHistoryExitsOneAndNamesTheOperation() {
        CliOutcome o = CliOutcome.run("check", "--model", "cas-register-strict", file(CORPUS, "porcupine-etcd/etcd_000.log"));
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.out().contains("cannot linearize process 11"), o.out());
    }

    @Test
    void jsonCarriesTheVerdictAndTheEvidenceUnderTheCheckName() throws IOException {
        CliOutcome o = CliOutcome.run("check", "--model", "kv", "--json", file(CORPUS, "porcupine-kv/c01-bad.txt"),
                file(CORPUS, "porcupine-kv/c01-ok.txt"));
        assertEquals(1, o.exit(), o.err());
        JsonNode root = new ObjectMapper().readTree(o.out());
        assertEquals(false, root.get("valid").asBoolean(true));
        JsonNode bad = root.get("files").get(0).get("checks").get("linearizable");
        assertTrue(bad.get("valid").isBoolean() && !bad.get("valid").asBoolean());
        assertTrue(bad.get("evidence").get(0).get("explanation").asText().contains("cannot"), bad.toString());
        assertEquals(true, root.get("files").get(1).get("valid").asBoolean(false));
    }

    @Test
    void theLockWorkloadReportsEachCheck() throws IOException {
        CliOutcome o = CliOutcome.run("check", "--workload", "lock", "--json", file(LOCK, "gc-pause-fenced.edn"));
        assertEquals(1, o.exit(), o.err());
        JsonNode checks = new ObjectMapper().readTree(o.out()).get("files").get(0).get("checks");
        assertEquals(false, checks.get("mutex").get("valid").asBoolean(true), checks.toString());
        assertEquals(true, checks.get("ledger").get("valid").asBoolean(false), checks.toString());
        assertTrue(checks.has("holds") && checks.has("tokens"), checks.toString());
    }

    @Test
    void aLockHistoryIsRecognisedWithoutBeingTold() {
        CliOutcome o = CliOutcome.run("check", file(LOCK, "gc-pause-unfenced-twin.edn"));
        assertEquals(0, o.exit(), o.out() + o.err());
        assertTrue(o.out().contains("mutex") && o.out().contains("ledger"), o.out());
    }

    @Test
    void timingsGoToStandardErrorAndLeaveTheVerdictAlone() {
        CliOutcome o = CliOutcome.run("check", "--workload", "lock", "--timings", file(LOCK, "gc-pause-fenced.edn"));
        assertEquals(1, o.exit(), o.out() + o.err());
        assertTrue(o.err().matches("(?s).*timings: .*gc-pause-fenced.edn: read [0-9.]+ s \\([0-9,]+ events, [0-9,]+ MB heap"
                + " in use\\), mutex [0-9.]+ s, holds [0-9.]+ s, tokens [0-9.]+ s, ledger [0-9.]+ s\n.*"), o.err());
        assertTrue(o.err().matches("(?s).*timings: [0-9.]+ s since the JVM started, [0-9.]+ s of it in garbage collection.*"),
                o.err());
        assertFalse(o.out().contains("timings"), o.out());
    }

    @Test
    void runningOutOfTimeIsUnknownNotValid() {
        CliOutcome o = CliOutcome.run("check", "--model", "kv", "--time-limit", "0.001", file(CORPUS, "porcupine-kv/c50-ok.txt"));
        assertEquals(2, o.exit(), o.out() + o.err());
        assertTrue(o.out().contains("time limit"), o.out());
    }

    @Test
    void badInputNamesTheFileAndLineAndExitsThree(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("history.edn");
        Files.writeString(bad, "{:type :invoke, :process 0, :f :read, :value nil}\n{:type :ok, :process 0, :f :read\n");
        CliOutcome o = CliOutcome.run("check", "--model", "register", bad.toString());
        assertEquals(3, o.exit(), o.out());
        assertTrue(o.err().contains(bad + ":2"), o.err());
    }

    /** Values a model cannot use: exit 3 with the file and the event, never unknown or silence. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "cas-register|{:type :invoke, :process 0, :f :frobnicate, :value 1}|has :f :frobnicate",
        "cas-register|{:type :invoke, :process 0, :f :cas, :value 3}|is not [from to]",
        "fenced-mutex|{:type :invoke, :process 0, :f :release, :value {:lock \"a\", :token \"7\"}}|a fencing token is an integer",
        "owner-mutex|{:type :invoke, :process 0, :f :release, :value {:token 3}}|the lock's name",
        "multi-register|{:type :invoke, :process 0, :f :txn, :value [[:incr :x 1]]}|:read (:r) or :write (:w)"})
    void valuesAModelCannotUseAreBadInputNamingTheEvent(String model, String invoke, String problem,
                                                         @TempDir Path dir) throws IOException {
        Path bad = dir.resolve("history.edn");
        Files.writeString(bad, "\n" + invoke + "\n");
        CliOutcome o = CliOutcome.run("check", "--model", model, bad.toString());
        assertEquals(3, o.exit(), o.out() + o.err());
        assertTrue(o.err().contains(bad + ": event 0 ") && o.err().contains(problem), o.err());
    }

    @Test
    void initialSetsTheModelsStartingValue(@TempDir Path dir) throws IOException {
        Path h = dir.resolve("history.edn");
        Files.writeString(h, "{:type :invoke, :process 0, :f :read}\n{:type :ok, :process 0, :f :read, :value 0}\n");
        assertEquals(1, CliOutcome.run("check", "--model", "cas-register", h.toString()).exit());
        assertEquals(0, CliOutcome.run("check", "--model", "cas-register", "--initial", "0", h.toString()).exit());
        CliOutcome bad = CliOutcome.run("check", "--model", "mutex", "--initial", "0", h.toString());
        assertEquals(3, bad.exit(), bad.out());
        assertTrue(bad.err().contains("no initial value"), bad.err());
    }

    @Test
    void aTaggedInitialValueIsRefusedNotSilentlyUntagged(@TempDir Path dir) throws IOException {
        Path h = dir.resolve("history.edn");
        Files.writeString(h, "{:type :invoke, :process 0, :f :read}\n{:type :ok, :process 0, :f :read, :value 1}\n");
        for (String tagged : new String[] {"#foo 1", "#inst \"2020\""}) {
            CliOutcome o = CliOutcome.run("check", "--model", "register", "--initial", tagged, h.toString());
            assertEquals(3, o.exit(), tagged + ": " + o.out() + o.err());
            assertTrue(o.err().contains("--initial") && o.err().contains("tag"), o.err());
        }
    }

    @Test
    void aMissingFileOrAnUnknownModelIsBadUsage() {
        CliOutcome missing = CliOutcome.run("check", "--model", "register", "no/such/file.edn");
        assertEquals(3, missing.exit());
        assertTrue(missing.err().contains("no/such/file.edn"), missing.err());
        CliOutcome model = CliOutcome.run("check", "--model", "nope", file(CORPUS, "porcupine-etcd/etcd_002.log"));
        assertEquals(3, model.exit());
        assertTrue(model.err().contains("cas-register"), "lists the models: " + model.err());
        CliOutcome both = CliOutcome.run("check", "--model", "register", "--workload", "lock", file(LOCK, "lost-update.edn"));
        assertEquals(3, both.exit());
    }

    @Test
    void aHistoryWithoutAModelSaysWhatToChoose() {
        CliOutcome o = CliOutcome.run("check", file(CORPUS, "porcupine-etcd/etcd_002.log"));
        assertEquals(3, o.exit());
        assertTrue(o.err().contains("--model NAME") && o.err().contains("--workload lock"), o.err());
    }

    @Test
    void knossosWithoutTheProfileIsUnknownAndSaysHowToEnableIt() {
        CliOutcome o = CliOutcome.run("check", "--model", "cas-register", "--knossos", file(CORPUS, "porcupine-etcd/etcd_002.log"));
        assertEquals(2, o.exit(), o.out() + o.err());
        assertTrue(o.out().contains("-Pknossos"), o.out());
    }

    @Test
    void helpDocumentsEveryOption() {
        CliOutcome o = CliOutcome.run("check", "--help");
        assertEquals(0, o.exit());
        for (String option : new String[] {"--model", "--workload", "--json", "--time-limit", "--knossos"}) {
            assertTrue(o.out().contains(option), option + " in:\n" + o.out());
        }
        assertTrue(o.out().contains("cas-register"), "names the models:\n" + o.out());
    }

    @Test
    void anEmptyHistoryIsNoOperationsAndExitsThree(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("history.jsonl"), "");
        for (String file : new String[] {empty.toString(), "/dev/null"}) {
            CliOutcome o = CliOutcome.run("check", "--model", "register", file);
            assertEquals(Main.EXIT_USAGE, o.exit(), file);
            assertTrue(o.err().contains(file + ": no operations"), o.err());
        }
    }

    @Test
    void reentrantChecksAReentryAsPartOfTheHold(@TempDir Path dir) throws IOException {
        Path history = Files.writeString(dir.resolve("history.edn"), """
                {:type :invoke :process 0 :time 10 :f :acquire :value {:lock "job-0"}}
                {:type :ok :process 0 :time 20 :f :acquire :value {:lock "job-0" :token 34}}
                {:type :invoke :process 0 :time 30 :f :acquire :value {:lock "job-0" :reentry true}}
                {:type :ok :process 0 :time 40 :f :acquire :value {:lock "job-0" :token 34 :reentry true}}
                {:type :invoke :process 0 :time 50 :f :release :value {:lock "job-0" :token 34 :reentry true}}
                {:type :ok :process 0 :time 60 :f :release :value {:lock "job-0" :token 34 :reentry true}}
                {:type :invoke :process 0 :time 70 :f :release :value {:lock "job-0" :token 34}}
                {:type :ok :process 0 :time 80 :f :release :value {:lock "job-0" :token 34}}
                """);
        assertEquals(0, CliOutcome.run("check", "--workload", "lock", "--reentrant", history.toString()).exit());
        assertEquals(1, CliOutcome.run("check", "--workload", "lock", history.toString()).exit(),
                "as a lock that is not reentrant: a held lock granted again, token 34 twice");
    }

    @Test
    void anUnknownModelIsRefusedBeforeAnyFileIsRead(@TempDir Path dir) throws IOException {
        Path unreadable = Files.writeString(dir.resolve("history.edn"), "{:type");
        CliOutcome o = CliOutcome.run("check", "--model", "no-such", unreadable.toString());
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertEquals("lockchaos check: unknown model 'no-such': choose one of register, cas-register,"
                + " cas-register-strict, kv, multi-register, keyed-register, keyed-cas-register,"
                + " keyed-cas-register-strict, mutex, owner-mutex, fenced-mutex, reentrant-mutex, reentrant-fenced-mutex",
                o.err().strip());
    }

    @Test
    void aBadSecondFileKeepsTheFirstFilesVerdict(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.edn"), "{:type :invoke}\n");
        CliOutcome valid = CliOutcome.run("check", "--model", "cas-register", file(CORPUS, "porcupine-etcd/etcd_002.log"), bad.toString());
        assertEquals(Main.EXIT_USAGE, valid.exit(), "valid and unreadable: bad input");
        assertTrue(valid.out().contains("etcd_002.log: valid"), valid.out());
        assertTrue(valid.err().contains("bad.edn:1: missing :process"), valid.err());

        CliOutcome invalid = CliOutcome.run("check", "--model", "cas-register", file(CORPUS, "porcupine-etcd/etcd_000.log"), bad.toString());
        assertEquals(1, invalid.exit(), "an invalid file stands whatever the others hold");
        assertTrue(invalid.out().contains("etcd_000.log: invalid"), invalid.out());
    }

    @Test
    void aTornLastLineIsSaidTheCompleteLinesCheckedAndTheVerdictAtBestUnknown(@TempDir Path dir) throws IOException {
        Path torn = Files.writeString(dir.resolve("history.jsonl"),
                "{\"type\": \"invoke\", \"process\": 0, \"f\": \"read\"}\n"
                + "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": null}\n{\"type\": \"inv");
        CliOutcome o = CliOutcome.run("check", "--model", "register", torn.toString());
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.out().contains("unknown (2 events"), o.out());
        assertTrue(o.out().contains("torn          unknown  line 3 is torn and left out"), o.out());
        assertTrue(o.out().contains("linearizable  valid"), "the checks' own verdicts stay as they are: " + o.out());
        assertTrue(o.err().contains("history.jsonl:3: the last line is torn"), o.err());

        CliOutcome json = CliOutcome.run("check", "--model", "register", "--json", torn.toString());
        assertEquals(2, json.exit(), json.err());
        JsonNode file = new ObjectMapper().readTree(json.out()).get("files").get(0);
        assertEquals("unknown", file.get("valid").asText(), file.toString());
        assertEquals(3, file.get("tornLine").asInt(), "a script can tell: " + file);
    }

    @Test
    void aTornHistoryThatShowsAViolationStaysInvalid(@TempDir Path dir) throws IOException {
        Path torn = Files.writeString(dir.resolve("history.jsonl"),
                "{\"type\": \"invoke\", \"process\": 0, \"f\": \"write\", \"value\": 1}\n"
                + "{\"type\": \"ok\", \"process\": 0, \"f\": \"write\", \"value\": 1}\n"
                + "{\"type\": \"invoke\", \"process\": 1, \"f\": \"read\"}\n"
                + "{\"type\": \"ok\", \"process\": 1, \"f\": \"read\", \"value\": 2}\n{\"type\": \"inv");
        CliOutcome o = CliOutcome.run("check", "--model", "register", "--json", torn.toString());
        assertEquals(1, o.exit(), o.err());
        JsonNode file = new ObjectMapper().readTree(o.out()).get("files").get(0);
        assertEquals(false, file.get("valid").asBoolean(true), file.toString());
        assertEquals(5, file.get("tornLine").asInt(), file.toString());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`{\"type\": \"info\", \"process\": \"nemesis\", \"f\": \"start-pause\"}`|no client operation (1 events",
        "`{\"type\": \"invoke\", \"process\": 3, \"f\": \"acquire\", \"value\": {\"lock\": \"job-0\"}}`|no client operation that completed :ok or :fail (1 invoked",
        "`{\"type\": \"invoke\", \"process\": 3, \"f\": \"acquire\", \"value\": {\"lock\": \"job-0\"}}\n{\"type\": \"info\", \"process\": 3, \"f\": \"acquire\", \"value\": {\"lock\": \"job-0\"}}`|no client operation that completed :ok or :fail (1 invoked",
    })
    void aHistoryWithNoClientOperationToJudgeHasNoVerdict(String lines, String reason, @TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("history.jsonl"), lines.replace("\\n", "\n") + "\n");
        for (String[] target : new String[][] {{"--workload", "lock"}, {"--model", "mutex"}}) {
            String[] args = new String[target.length + 2];
            args[0] = "check";
            System.arraycopy(target, 0, args, 1, target.length);
            args[args.length - 1] = file.toString();
            CliOutcome o = CliOutcome.run(args);
            assertEquals(Main.EXIT_USAGE, o.exit(), String.join(" ", args) + "\n" + o.out() + o.err());
            assertTrue(o.err().contains(reason) && o.err().contains("nothing to check, so no verdict"), o.err());
            assertFalse(o.out().contains("valid"), "never a verdict: " + o.out());
        }
    }

    @Test
    void aTinyTimeLimitIsAllowedAndZeroIsNot() {
        String etcd = file(CORPUS, "porcupine-etcd/etcd_002.log");
        CliOutcome tiny = CliOutcome.run("check", "--model", "cas-register", "--time-limit", "0.0001", etcd);
        assertTrue(tiny.exit() == 0 || tiny.exit() == 2, tiny.err());
        assertEquals("", tiny.err());
        CliOutcome zero = CliOutcome.run("check", "--model", "cas-register", "--time-limit", "0", etcd);
        assertEquals(Main.EXIT_USAGE, zero.exit());
        assertTrue(zero.err().contains("--time-limit must be a positive number of seconds"), zero.err());
    }

    @Test
    void deepNestingIsALineErrorNotAStackOverflow(@TempDir Path dir) throws IOException {
        Path deep = Files.writeString(dir.resolve("deep.edn"), "{:type :invoke, :process 0, :f :read, :value "
                + "[".repeat(5000) + "]".repeat(5000) + "}\n");
        CliOutcome o = CliOutcome.run("check", "--model", "register", deep.toString());
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertTrue(o.err().contains("deep.edn:1: values nested more than 500 deep"), o.err());
    }

    @Test
    void theHelpHintNamesTheCommandOnce() {
        assertTrue(CliOutcome.run("--no-such-option").err().contains("Try 'lockchaos --help'."));
        assertTrue(CliOutcome.run("check", "--no-such-option").err().contains("Try 'lockchaos check --help'."));
    }

    private static final String TWO_OPS = "{\"type\": \"invoke\", \"process\": 0, \"f\": \"write\", \"value\": 1}\n"
            + "{\"type\": \"ok\", \"process\": 0, \"f\": \"write\", \"value\": 1}\n";

    @Test
    void aDashReadsStandardInputOnce() {
        java.io.InputStream before = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream(TWO_OPS.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            CliOutcome o = CliOutcome.run("check", "--model", "register", "-");
            assertEquals(0, o.exit(), o.err());
            assertTrue(o.out().contains("standard input: valid (2 events"), o.out());
        } finally {
            System.setIn(before);
        }
    }

    @Test
    void aFifoIsReadOnceWhateverItsFormat(@TempDir Path dir) throws Exception {
        Path fifo = mkfifo(dir.resolve("history"));
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, TWO_OPS);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        CliOutcome o = CliOutcome.run("check", "--model", "register", fifo.toString());
        writer.join();
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.out().contains("valid (2 events"), "sniffed and read from one opening: " + o.out());
    }

    @Test
    void aFifoWithNoWriterIsAnErrorOnceTheTimeLimitHasPassed(@TempDir Path dir) throws Exception {
        Path fifo = mkfifo(dir.resolve("history.jsonl"));
        long start = System.nanoTime();
        CliOutcome o = CliOutcome.run("check", "--model", "register", "--time-limit", "1", fifo.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(Main.EXIT_USAGE, o.exit(), o.out());
        assertTrue(o.err().contains("nothing opened it for writing within 1.0 s"), o.err());
        assertTrue(seconds >= 1.0, "it waited the limit: " + seconds);
    }

    private static Path mkfifo(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertEquals(0, p.waitFor(), "mkfifo " + path);
        return path;
    }
}
