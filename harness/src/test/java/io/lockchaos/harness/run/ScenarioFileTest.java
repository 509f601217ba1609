package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.cluster.Topology;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Tokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioFileTest {

    private static final String BASE = """
            {"name": "s1", "description": "d", "topology": "redis-single",
             "lock": {"backend": "redis-naive", "ttlMs": 10000, "sessionTimeoutMs": 5000, "tokens": "redis-incr"},
             "storage": ["unfenced", "fenced"], "workers": 3, "durationMs": 30000, "schedule": "", "seed": 7,
             "expect": {"mutex": "valid", "ledger-unfenced": "invalid"}}
            """;

    /**
     * What FaultScenariosIT asks of every shipped scenario but the seed rows (which it asserts check by
     * check), without Docker: a verdict stated for every check of every lane, so a scenario that leaves
     * one out fails here rather than after a container run.
     */
    @Test
    void everyShippedScenarioButTheSeedRowsStatesEveryCheck() throws IOException {
        try (Stream<Path> files = Files.list(ProjectRoot.find().resolve("scenarios"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                Scenario s = ScenarioFile.read(file);
                if (!FaultScenariosIT.SEED_ROWS.contains(s.name())) {
                    List<String> missing = s.checkNames().stream().filter(c -> !s.expect().containsKey(c)).toList();
                    assertTrue(missing.isEmpty(), file + " states no verdict for " + missing);
                }
            }
        }
    }

    @Test
    void readsEveryFieldWithDefaults() {
        Scenario s = ScenarioFile.parse(BASE, "s1.json");
        assertEquals("s1", s.name());
        assertEquals(Topology.REDIS_SINGLE, s.topology());
        assertEquals("redis-naive", s.lock().backend());
        assertEquals(Tokens.REDIS_INCR, s.lock().tokens());
        assertEquals(List.of(Fencing.UNFENCED, Fencing.FENCED), s.storage());
        assertEquals(3, s.workers());
        assertEquals(6, s.totalWorkers());
        assertEquals(1, s.locks());
        assertEquals(Duration.ofMillis(20), s.think());
        assertEquals(Duration.ofSeconds(30), s.duration());
        assertEquals(Duration.ofSeconds(1), s.quiet());
        assertEquals(7, s.seed());
        assertEquals(Validity.INVALID, s.expect().get("ledger-unfenced"));
        assertEquals(List.of("unfenced-job-0"), s.lanes().get(0).lockNames());
        assertEquals(List.of("fenced-job-0"), s.lanes().get(1).lockNames());
    }

    @Test
    void writesWhatItReadsBack() {
        Scenario s = ScenarioFile.parse(BASE, "s1.json").withSeed(99).withWorkers(2);
        String json = ScenarioFile.toJson(s, java.util.Map.of("java", "17"));
        assertEquals(s, ScenarioFile.parse(json, "scenario.json"));
    }

    @Test
    void everyShippedScenarioReads() throws IOException {
        Path folder = ProjectRoot.find().resolve("scenarios");
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertTrue(json.size() >= 1);
            for (Path file : json) {
                Scenario s = ScenarioFile.read(file);
                assertEquals(file.getFileName().toString(), s.name() + ".json", "a scenario's name is its file name");
                assertEquals(s, ScenarioFile.parse(ScenarioFile.toJson(s, null), "scenario.json"), "written and read back");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown topology          | \"topology\": \"redis-single\"       | \"topology\": \"consul\"             | field 'topology' is \"consul\"; allowed: redis-single, redis-replicated",
        "backend on wrong topology | \"topology\": \"redis-single\"       | \"topology\": \"redlock\"            | field 'topology' is 'redlock', but lock backend redis-naive runs on another; allowed: redis-single",
        "unknown backend           | \"backend\": \"redis-naive\"        | \"backend\": \"etcd-lock\"           | field 'lock.backend' is 'etcd-lock'; allowed: curator, curator-cautious, etcd, hazelcast-fenced, pg-advisory, pg-advisory-xact, redis-naive",
        "unknown token source      | \"tokens\": \"redis-incr\"          | \"tokens\": \"clock\"                | field 'lock.tokens' is \"clock\"; allowed: none, redis-incr, zk, lock",
        "fenced without tokens     | \"tokens\": \"redis-incr\"          | \"tokens\": \"none\"                 | field 'lock.tokens' is 'none', but storage [unfenced, fenced] fences",
        "lock's own tokens, none   | \"tokens\": \"redis-incr\"          | \"tokens\": \"lock\"                 | field 'lock.tokens' is 'lock', but backend redis-naive has no tokens of its own; allowed: none, redis-incr or zk",
        "own tokens and a source   | \"backend\": \"redis-naive\", \"ttlMs\": 10000, \"sessionTimeoutMs\": 5000, \"tokens\": \"redis-incr\" | \"backend\": \"redisson-fenced\", \"ttlMs\": 10000, \"sessionTimeoutMs\": 5000, \"tokens\": \"zk\" | field 'lock.tokens' is 'zk', but backend redisson-fenced has tokens of its own; allowed: lock or none",
        "own tokens and redis-incr | \"backend\": \"redis-naive\"        | \"backend\": \"redisson-fenced\"    | field 'lock.tokens' is 'redis-incr', but backend redisson-fenced has tokens of its own; allowed: lock or none",
        "unknown storage           | [\"unfenced\", \"fenced\"]          | [\"unfenced\", \"paper\"]            | field 'storage[1]' is \"paper\"; allowed: unfenced, fenced, fenced-writes-only, guarded",
        "guarded without etcd      | [\"unfenced\", \"fenced\"]          | [\"unfenced\", \"guarded\"]          | field 'storage' is [unfenced, guarded] with lock backend redis-naive: 'guarded' keeps its ledger in the lock's etcd and guards each write by the holder's etcd lock key; allowed: lock.backend etcd, or drop 'guarded'",
        "unknown store             | \"workers\": 3                     | \"store\": \"paper\", \"workers\": 3 | field 'store' is \"paper\"; allowed: redis, postgres",
        "storage twice             | [\"unfenced\", \"fenced\"]          | [\"fenced\", \"fenced\"]             | field 'storage' is [fenced, fenced], a mode twice; allowed: each mode at most once",
        "zero workers              | \"workers\": 3                     | \"workers\": 0                      | field 'workers' is 0; allowed: 1 to 24 per storage mode",
        "workers not a number      | \"workers\": 3                     | \"workers\": \"three\"              | field 'workers' is \"three\"; allowed: a whole number",
        "negative think            | \"workers\": 3                     | \"workers\": 3, \"thinkMs\": -1      | field 'thinkMs' is -1; allowed: 0 to 604800000 milliseconds",
        "unknown field             | \"workers\": 3                     | \"workerz\": 3                      | field 'workerz' is an unknown field; allowed: acquireTimeoutMs",
        "unknown check expected    | \"mutex\": \"valid\"                | \"mutux\": \"valid\"                | field 'expect.mutux' is not a check of this scenario; allowed: mutex, holds, tokens, ledger, mutex-unfenced",
        "bad verdict expected      | \"mutex\": \"valid\"                | \"mutex\": \"fine\"                 | field 'expect.mutex' is \"fine\"; allowed: valid, unknown, invalid",
        "bad schedule              | \"schedule\": \"\"                  | \"schedule\": \"at 5s frobnicate x\" | s1.json field 'schedule'",
        "bad random schedule       | \"schedule\": \"\"                  | \"schedule\": \"random every 5s gc\" | s1.json field 'schedule':1: ",
        "misspelled lock option    | \"tokens\": \"redis-incr\"}         | \"tokens\": \"redis-incr\", \"options\": {\"node-timout-ms\": \"20\"}} | field 'lock.options.node-timout-ms' is not an option of backend redis-naive; allowed: via-proxy",
        "token source as option    | \"tokens\": \"redis-incr\"}         | \"options\": {\"tokens\": \"zk\"}} | field 'lock.options.tokens' is not an option of backend redis-naive; allowed: via-proxy (name the token source in lock.tokens)",
        "duration with exponent    | \"durationMs\": 30000               | \"durationMs\": 1e15                | field 'durationMs' is 1.0E15; allowed: a whole number of milliseconds",
        "duration past seven days  | \"durationMs\": 30000               | \"durationMs\": 1000000000000000    | field 'durationMs' is 1000000000000000; allowed: 1 to 604800000 milliseconds (7 days)",
        "duration past a long      | \"durationMs\": 30000               | \"durationMs\": 99999999999999999999 | field 'durationMs' is 99999999999999999999; allowed: a whole number of milliseconds",
        "workers as a string       | \"workers\": 3                     | \"workers\": \"3\"                   | field 'workers' is \"3\"; allowed: a whole number",
        "workers past an int       | \"workers\": 3                     | \"workers\": 10000000000            | field 'workers' is 10000000000; allowed: a whole number",
        "workers past the machine  | \"workers\": 3                     | \"workers\": 10000                  | field 'workers' is 10000; allowed: 1 to 24 per storage mode (48 worker containers in all",
        "no threads                | \"workers\": 3                     | \"workers\": 3, \"threads\": 0       | field 'threads' is 0; allowed: 1 to 32 threads per worker",
        "negative threads          | \"workers\": 3                     | \"workers\": 3, \"threads\": -2      | field 'threads' is -2; allowed: 1 to 32 threads per worker",
        "name as a number          | \"name\": \"s1\"                    | \"name\": 5                        | field 'name' is 5; allowed: a string",
        "description null          | \"description\": \"d\"              | \"description\": null              | field 'description' is null; allowed: a string",
        "ttl as text               | \"ttlMs\": 10000                   | \"ttlMs\": \"10s\"                   | field 'lock.ttlMs' is \"10s\"; allowed: a whole number of milliseconds",
        "ttl zero                  | \"ttlMs\": 10000                   | \"ttlMs\": 0                        | field 'lock.ttlMs' is 0; allowed: 1 to 604800000 milliseconds",
        "unknown lock field        | \"ttlMs\": 10000                   | \"ttl\": 10000                      | field 'lock.ttl' is an unknown field; allowed: backend, classpath, options, reenter, sessionTimeoutMs, tokens, ttlMs",
        "lock missing backend      | \"backend\": \"redis-naive\", \"ttlMs\" | \"ttlMs\"                       | field 'lock.backend' is missing; allowed: a string",
        "storage empty             | [\"unfenced\", \"fenced\"]          | []                                  | field 'storage' is []; allowed: a storage mode or a non-empty array",
        "expect not an object      | \"expect\": {\"mutex\": \"valid\", \"ledger-unfenced\": \"invalid\"} | \"expect\": [1] | field 'expect' is [1]; allowed: an object whose values are valid, unknown, invalid",
        "node the topology lacks   | \"schedule\": \"\"                  | \"schedule\": \"at 3s pause redis-7 for 2s\" | s1.json field 'schedule': step 'at 3s pause redis-7 for 2s': no node or worker 'redis-7' in this run; it has [redis-1] and workers worker-1..worker-6 and [holder-unfenced, holder-fenced, waiter-unfenced, waiter-fenced]",
        "storage is never faulted  | \"schedule\": \"\"                  | \"schedule\": \"at 3s kill storage for 2s\" | s1.json field 'schedule': step 'at 3s kill storage for 2s': 'storage' is never faulted",
        "storage is never starved  | \"schedule\": \"\"                  | \"schedule\": \"at 3s starve storage 5% for 2s\" | s1.json field 'schedule': step 'at 3s starve storage 5% for 2s': 'storage' is never faulted",
        "a starve share of 0       | \"schedule\": \"\"                  | \"schedule\": \"at 3s starve worker-1 0% for 2s\" | CPU share 0% is outside 0.1%..100% of one CPU",
        "proxy is never faulted    | \"schedule\": \"\"                  | \"schedule\": \"at 3s pause toxiproxy for 2s\" | s1.json field 'schedule': step 'at 3s pause toxiproxy for 2s': 'toxiproxy' is never faulted",
        "worker that is not there  | \"schedule\": \"\"                  | \"schedule\": \"at 3s pause worker-99 for 2s\" | s1.json field 'schedule': step 'at 3s pause worker-99 for 2s': no node or worker 'worker-99'",
        "lane that is not there    | \"schedule\": \"\"                  | \"schedule\": \"at 3s pause holder-paper for 2s\" | step 'at 3s pause holder-paper for 2s': no node or worker 'holder-paper'",
        "a waiter with no rival    | \"workers\": 3, \"durationMs\": 30000, \"schedule\": \"\" | \"workers\": 1, \"durationMs\": 30000, \"schedule\": \"at 3s clock waiter-fenced +60s for 2s\" | 'waiter-fenced' means a worker of lane fenced other than its holder, and the lane has one worker; give it two or more",
        "a worker killed           | \"schedule\": \"\"                  | \"schedule\": \"at 3s kill worker-1 for 2s\" | step 'at 3s kill worker-1 for 2s': 'worker-1' is a worker, which can only be paused, clock-skewed, starved or cut off",
        "a server cut off          | \"schedule\": \"\"                  | \"schedule\": \"at 3s partition workers redis-1 for 2s\" | 'redis-1' is a server; 'partition workers' cuts workers off",
        "cut off from storage      | \"schedule\": \"\"                  | \"schedule\": \"at 3s partition workers worker-1 from storage for 2s\" | 'storage' after 'from' is not a lock-service node; a worker can be cut off from [redis-1]",
        "cut off from no node      | \"schedule\": \"\"                  | \"schedule\": \"at 3s partition workers worker-1 from redis-9 for 2s\" | 'redis-9' after 'from' is not a lock-service node",
        "failover without Sentinel | \"schedule\": \"\"                  | \"schedule\": \"at 3s failover\"    | step 'at 3s failover kill': a failover needs Sentinel's primary",
        "link the topology lacks   | \"schedule\": \"\"                  | \"schedule\": \"at 3s latency redis-2-replication 100ms for 2s\" | no node or worker 'redis-2-replication' in this run; it has [redis-1] and workers worker-1..worker-6 and [holder-unfenced, holder-fenced, waiter-unfenced, waiter-fenced], links [redis-1]",
        "a fault for 0s            | \"schedule\": \"\"                  | \"schedule\": \"at 3s pause worker-1 for 0s\" | step 'at 3s pause worker-1 for 0s': it lasts 0",
        "a step after the workload | \"schedule\": \"\"                  | \"schedule\": \"at 300s pause worker-1 for 2s\" | step 'at 300s pause worker-1 for 2s': it starts at 300000 ms, when the workload (durationMs 30000) has ended",
        "bad name                  | \"name\": \"s1\"                    | \"name\": \"../up\"                 | field 'name' is '../up'",
        "a tick an acquire outlasts | \"workers\": 3                    | \"workers\": 3, \"tickMs\": 2000     | field 'acquireTimeoutMs' is 5000 with tickMs 2000: an acquire that waits a whole tick would run a tick's job in the next one; allowed: less than tickMs",
        "a negative tick           | \"workers\": 3                     | \"workers\": 3, \"tickMs\": -1       | field 'tickMs' is -1; allowed: 0 to",
    })
    void aBadFieldIsNamedWithWhatIsAllowed(String what, String from, String to, String message) {
        String json = BASE.replace(from.strip(), to.strip());
        assertTrue(!json.equals(BASE), "the fixture changes the file: " + what);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.parse(json, "s1.json"));
        assertTrue(e.getMessage().startsWith("s1.json"), e.getMessage());
        assertTrue(e.getMessage().contains(message.strip()), "expected '" + message.strip() + "' in: " + e.getMessage());
    }

    @Test
    void reenteringIsForAReentrantBackendOnlyAndScenarioJsonKeepsIt() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.parse(
                BASE.replace("\"tokens\": \"redis-incr\"", "\"tokens\": \"redis-incr\", \"reenter\": true"), "s1.json"));
        assertTrue(e.getMessage().contains("lock.reenter") && e.getMessage().contains("redis-naive is not declared reentrant")
                && e.getMessage().contains("hazelcast-fenced"), e.getMessage());
        Scenario s = ScenarioFile.parse("""
                {"name": "s", "topology": "hazelcast", "lock": {"backend": "hazelcast-fenced", "ttlMs": 5000, "tokens": "lock",
                 "reenter": true}, "storage": ["unfenced"], "workers": 2, "durationMs": 1000}
                """, "s2.json");
        assertTrue(s.lock().reenter());
        assertTrue(ScenarioFile.parse(ScenarioFile.toJson(s, java.util.Map.of()), "scenario.json").lock().reenter(),
                "scenario.json keeps it, so a replay re-enters too");
        assertFalse(ScenarioFile.toJson(ScenarioFile.parse(BASE, "s1.json"), java.util.Map.of()).contains("reenter"),
                "left out when false: the file shape stays");
    }

    /** {@code lock} names a lock's own tokens (redisson-fenced's): a fenced lane needs no other source. */
    @Test
    void aLockWithTokensOfItsOwnTakesTokensLock() {
        Scenario s = ScenarioFile.parse(BASE.replace("\"backend\": \"redis-naive\"", "\"backend\": \"redisson-fenced\"")
                .replace("\"tokens\": \"redis-incr\"", "\"tokens\": \"lock\""), "s1.json");
        assertEquals(Tokens.LOCK, s.lock().tokens());
        assertTrue(s.lock().hasTokens(), "the fenced lane is fed by the lock's own tokens");
    }

    /**
     * {@code zk-root} is a ZooKeeper path: shell metacharacters are plain characters there and are
     * taken as they are; what ZooKeeper would refuse in every worker is refused before the run.
     */
    @Test
    void aNameTooLongForAFolderIsRefusedWithItsLength() {
        String name = "a".repeat(5000);
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFile.parse(BASE.replace("\"name\": \"s1\"", "\"name\": \"" + name + "\""), "s1.json"));
        assertTrue(e.getMessage().contains("field 'name' is a name of 5000 characters ('aaaaaaaaaaaaaaaaaaaa...');"
                + " allowed: at most 200 characters"), e.getMessage());
        assertEquals("a".repeat(200), ScenarioFile.parse(BASE.replace("\"name\": \"s1\"", "\"name\": \""
                + "a".repeat(200) + "\""), "s1.json").name(), "200 is allowed");
    }

    @Test
    void aZooKeeperRootIsCheckedAsAZooKeeperPathBeforeTheRun() {
        String curator = BASE.replace("redis-single", "zookeeper").replace("\"backend\": \"redis-naive\"", "\"backend\": \"curator\"")
                .replace("\"tokens\": \"redis-incr\"}", "\"tokens\": \"none\", \"options\": {\"zk-root\": ROOT}}");
        String hostile = "/lockchaos/job;touch /tmp/pwned/$(id)/`id`/'q'\\\"dq\\\"";
        assertEquals("/lockchaos/job;touch /tmp/pwned/$(id)/`id`/'q'\"dq\"", ScenarioFile.parse(curator.replace("ROOT",
                "\"" + hostile + "\""), "s1.json").lock().options().get("zk-root"));
        for (String bad : List.of("locks", "/a//b", "/a/", "/a/./b", "/a/../b", "/", "/a\\u0001b")) {
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> ScenarioFile.parse(curator.replace("ROOT", "\"" + bad + "\""), "s1.json"), bad);
            assertTrue(e.getMessage().startsWith("s1.json: field 'lock.options.zk-root' is '")
                    && e.getMessage().contains("allowed: a ZooKeeper path"), e.getMessage());
        }
    }

    @Test
    void aLockOptionOfTheWrongTypeIsNamedWithItsType() {
        String redlock = BASE.replace("redis-single", "redlock").replace("\"backend\": \"redis-naive\"", "\"backend\": \"redlock\"");
        String good = redlock.replace("\"tokens\": \"redis-incr\"}", "\"tokens\": \"redis-incr\", \"options\": {\"node-timeout-ms\": \"20\"}}");
        assertEquals(java.util.Map.of("node-timeout-ms", "20"), ScenarioFile.parse(good, "s1.json").lock().options());
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFile.parse(good.replace("\"20\"", "\"20ms\""), "s1.json"));
        assertEquals("s1.json: field 'lock.options.node-timeout-ms' is '20ms'; allowed: a whole number of milliseconds,"
                + " 1 or more", e.getMessage());
    }

    @Test
    void everyKindOfTargetTheRunOffersIsAccepted() {
        String steps = "at 1s pause redis-1,worker-2,holder-fenced for 1s\\nat 2s partition workers holder-unfenced,worker-6"
                + " for 1s\\nat 3s kill redis-1 for 1s\\nat 4s clock redis-1 +30s for 1s\\nat 5s latency redis-1 100ms"
                + " for 1s\\nat 6s partition workers for 1s\\nat 7s clock worker-2,holder-fenced,waiter-unfenced -30s for 1s"
                + "\\nat 8s starve redis-1,worker-3,holder-unfenced 0.5% for 1s\\nat 29s pause worker-1";
        Scenario s = ScenarioFile.parse(BASE.replace("\"schedule\": \"\"", "\"schedule\": \"" + steps + "\""), "s1.json");
        assertEquals(steps.replace("\\n", "\n") + "\n", s.schedule().text());
        String replicated = BASE.replace("redis-single", "redis-replicated").replace("redis-naive", "redis-sentinel")
                .replace("\"schedule\": \"\"", "\"schedule\": \"at 1s latency redis-2-replication 100ms for 1s\\n"
                        + "at 2s failover isolate for 1s\\nat 3s pause sentinel-3 for 1s\"");
        assertEquals(3, ScenarioFile.parse(replicated, "s1.json").schedule().text().lines().count());
    }

    @Test
    void trailingTextAfterTheObjectIsRefused() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFile.parse(BASE.strip() + " {\"name\": \"s2\"}", "s1.json"));
        assertTrue(e.getMessage().startsWith("s1.json: not JSON (Trailing token"), e.getMessage());
        assertFalse(e.getMessage().contains("REDACTED"), e.getMessage());
    }

    @Test
    void jsonNestedPastAThousandIsOneLineNotAStackTrace() {
        String deep = BASE.replace("\"expect\": {", "\"resolved\": " + "[".repeat(1500) + "]".repeat(1500)
                + ", \"expect\": {");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.parse(deep, "s1.json"));
        assertTrue(e.getMessage().startsWith("s1.json: not JSON (Document nesting depth (1001) exceeds the maximum"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void theFileShapeIsTheOneScenarioJsonAlwaysHad() throws IOException {
        Scenario s = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve("curator-pause.json"));
        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(ScenarioFile.toJson(s, java.util.Map.of("java", "17")));
        assertEquals(List.of("name", "description", "topology", "lock", "storage", "store", "workers", "threads", "locks", "thinkMs",
                "idleMs", "tickMs", "acquireTimeoutMs", "durationMs", "quietMs", "schedule", "seed", "expect", "resolved"),
                iterate(written.fieldNames()));
        assertEquals(List.of("backend", "ttlMs", "sessionTimeoutMs", "tokens", "options"),
                iterate(written.get("lock").fieldNames()));
        assertEquals("{\"backend\":\"curator\",\"ttlMs\":10000,\"sessionTimeoutMs\":2000,\"tokens\":\"none\","
                + "\"options\":{}}", written.get("lock").toString());
        assertEquals("[\"unfenced\",\"fenced\"]", written.get("storage").toString());
        assertEquals("invalid", written.get("expect").get("mutex").asText());
        assertEquals(1500, written.get("thinkMs").asLong());
    }

    private static List<String> iterate(java.util.Iterator<String> names) {
        List<String> list = new java.util.ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }

    @Test
    void aFileThatIsNotJsonSaysSoWithTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{\n\"name\": \"x\",,\n}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.read(file));
        assertTrue(e.getMessage().startsWith(file + ": not JSON"), e.getMessage());
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        ScenarioException missing = assertThrows(ScenarioException.class,
                () -> ScenarioFile.read(dir.resolve("nope.json")));
        assertTrue(missing.getMessage().contains("nope.json: cannot read"), missing.getMessage());
    }

    @Test
    void aMissingRequiredFieldIsNamed() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFile.parse(BASE.replace("\"durationMs\": 30000,", ""), "s1.json"));
        assertEquals("s1.json: field 'durationMs' is missing; allowed: a whole number of milliseconds", e.getMessage());
    }

    @Test
    void theResolvedScheduleGoesIntoScenarioJson(@TempDir Path dir) throws java.io.IOException {
        Scenario s = ScenarioFile.parse(BASE.replace("\"schedule\": \"\"", "\"schedule\": \"at 5s pause worker-1 for 12s\""),
                "s1.json");
        try (Run run = Run.create(s, dir, line -> { })) {
            String json = Files.readString(run.results().scenarioJson());
            assertTrue(json.contains("\"schedule\" : \"at 5s pause worker-1 for 12s\\n\"")
                    || json.contains("\"schedule\":\"at 5s pause worker-1 for 12s\\n\""), json);
        }
    }

    @Test
    void aRandomScheduleIsReadAndScenarioJsonSaysItIsDrawnLater(@TempDir Path dir) throws java.io.IOException {
        Scenario s = ScenarioFile.parse(BASE.replace("\"schedule\": \"\"", "\"schedule\": \"random every 4s pause,kill\""),
                "s1.json");
        assertEquals("random every 4s pause,kill", s.schedule().oneLine());
        try (Run run = Run.create(s, dir, line -> { })) {
            String json = Files.readString(run.results().scenarioJson());
            assertTrue(json.contains("random every 4s pause,kill: drawn once the cluster is up"), json);
        }
    }

    @Test
    void aNodeJarSettingThatNamesNoJarIsRefusedBeforeAnyFolderIsMade(@TempDir Path dir) throws java.io.IOException {
        Scenario s = ScenarioFile.parse(BASE, "s1.json");
        String before = System.getProperty("lockchaos.nodeJar");
        System.setProperty("lockchaos.nodeJar", dir.resolve("no-such.jar").toString());
        try {
            ScenarioException e = assertThrows(ScenarioException.class, () -> Run.create(s, dir.resolve("results"), l -> { }));
            assertTrue(e.getMessage().contains("lockchaos.nodeJar / LOCKCHAOS_NODE_JAR is " + dir.resolve("no-such.jar")),
                    e.getMessage());
            assertFalse(Files.exists(dir.resolve("results")), "no results folder");
        } finally {
            if (before == null) {
                System.clearProperty("lockchaos.nodeJar");
            } else {
                System.setProperty("lockchaos.nodeJar", before);
            }
        }
    }

    @Test
    void shedLocksLockAtLeastForIsAtMostItsLockAtMostFor() {
        String shedLock = BASE.replace("\"backend\": \"redis-naive\", \"ttlMs\": 10000,",
                "\"backend\": \"shedlock-redis\", \"ttlMs\": 10000, \"options\": {\"lock-at-least-for-ms\": \"12000\"},");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.parse(shedLock, "s1.json"));
        assertTrue(e.getMessage().contains("field 'lock.options.lock-at-least-for-ms' is '12000', more than lock.ttlMs (10000,"
                + " ShedLock's lockAtMostFor); allowed: 1 to 10000"), e.getMessage());
        Scenario within = ScenarioFile.parse(shedLock.replace("12000", "10000"), "s1.json");
        assertEquals("10000", within.lock().options().get("lock-at-least-for-ms"));
    }

    @Test
    void aRunWithTicksHasTheTicksCheckInEveryLane() {
        Scenario s = ScenarioFile.parse(BASE.replace("\"workers\": 3", "\"workers\": 3, \"tickMs\": 2000, \"acquireTimeoutMs\": 0"),
                "s1.json");
        assertEquals(java.time.Duration.ofSeconds(2), s.tick());
        assertTrue(s.checkNames().containsAll(List.of("ticks", "ticks-unfenced", "ticks-fenced")), s.checkNames().toString());
        assertTrue(ScenarioFile.parse(BASE, "s1.json").checkNames().stream().noneMatch(c -> c.startsWith("ticks")));
    }
}
