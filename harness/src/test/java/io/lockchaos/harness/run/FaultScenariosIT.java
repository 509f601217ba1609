package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.harness.matrix.MatrixScenario;
import io.lockchaos.harness.matrix.MatrixShards;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped scenarios end to end, each once. Rows 2, 3, 7, 8 of docs/design.md: the schedule
 * is played for real on the cluster and the workers, every expected verdict comes true (the
 * lock is unsafe, the unfenced ledger is corrupted, fencing saved the fenced one by refusing a
 * stale token), every fault was healed before the workers stopped, and nothing of the run is
 * left. Every other shipped scenario: its expected verdicts, every fault healed, nothing left.
 */
@Tag("chaos")
class FaultScenariosIT {

    private static final Path ROOT = Path.of("target", "run-results");

    /** Run, with more assertions, by {@link #theScenarioReachesTheVerdictsTheTheoryPredicts}. */
    static final List<String> SEED_ROWS = List.of("redis-naive-pause", "redis-naive-clock", "curator-pause",
            "curator-partition");

    /**
     * Kleppmann's scenario (docs/design.md, row 6), run by {@link #kleppmannsScenarioBreaksRedlockInsideTheLease}:
     * its verdicts alone would also come out of a pause that outlived the TTL (row 5).
     */
    private static final List<String> KLEPPMANN = List.of("redlock-clock", "redlock-restart");

    /**
     * Shipped scenarios that run in the nightly matrix ({@code ./lockchaos matrix}), not here, to
     * keep {@code ./lockchaos test} within its time budget. {@code redisson-pause} stays here: it is
     * the only test of Redisson's watchdog giving up a paused holder's key; so does
     * {@code shedlock-redis-pause}, the one CI test that runs the shaded Spring Data Redis, Lettuce
     * and ShedLock in a worker container (the contract runs them on the host classpath).
     * {@code etcd-pause} stays here too: the only test of the {@code etcd} topology and of the
     * shaded jetcd (Vert.x gRPC over Redisson's Netty) in a worker container, and the one run of
     * the {@code guarded} lane (etcd transactions from a worker, the final read from etcd); so does
     * {@code pg-advisory-partition}: the one CI run of the {@code postgres} topology, pgjdbc
     * shaded into the worker, and a lock the server frees by TCP keepalive. {@code hazelcast-pause}
     * stays here as well: the only CI run of the {@code hazelcast} topology (three CP members in
     * the JVM image, member links through the proxy) and of the Hazelcast client in a worker, and
     * of a lock freed by the CP group's session expiry; {@code hazelcast-no-fault},
     * {@code hazelcast-partition} and {@code hazelcast-restart-all} (100 s; the kill of every member
     * at once is {@code NodeNemesisTest}'s in CI) are nightly, and so is {@code hazelcast-reentrant}
     * (its checks' reentrant models are unit-tested on one of its histories).
     * {@code redisson-sentinel-failover} is nightly: row 4's faults, which {@code redis-sentinel-failover}
     * runs here, with Redisson's WAIT refusing every grant.
     * {@code redisson-starve} is nightly too: the starvation itself (a quota slows a worker's JVM,
     * the heal and the sweep lift it) is {@code WorkerFaultsIT}'s in CI, and the scenario runs 40 s.
     * {@code shedlock-jdbc-worker-clock} stays here: {@code WorkerFaultsIT} moves a worker's clock
     * under a probe, not under a lock, and this is the one CI run of a worker clock fault on a lock
     * that reads the client's clock, of {@code waiter-<lane>}, and of ShedLock's JDBC provider in a
     * worker container (about 50 s); its control {@code shedlock-jdbc-dbtime-worker-clock} is nightly.
     * {@code shedlock-redis-ticks} stays here: the one run of a scheduled job (workers on ticks of
     * their own clocks) and of the {@code ticks} check on a real lock (about 45 s); its control
     * {@code shedlock-redis-ticks-at-least} is nightly.
     */
    private static final List<String> NIGHTLY = List.of("redisson-no-fault", "redisson-fenced-pause",
            "redisson-fenced-restart", "spring-redis-pause", "spring-redis-no-fault", "shedlock-redis-no-fault",
            "shedlock-redis-safe-update-pause",
            "etcd-no-fault", "etcd-partition", "etcd-kill-leader", "hazelcast-no-fault", "hazelcast-partition",
            "hazelcast-restart-all", "hazelcast-reentrant", "redisson-sentinel-failover",
            "pg-advisory-no-fault", "pg-advisory-pause", "pg-advisory-pgbouncer", "pg-advisory-xact-pgbouncer",
            "spring-jdbc-pause", "redisson-starve", "spring-redis-threads", "shedlock-jdbc-dbtime-worker-clock",
            "shedlock-redis-ticks-at-least");

    /** One run's outcome, its cluster's run id and its results folder. */
    private record Ran(Scenario scenario, RunOutcome outcome, String runId, Path dir) {
    }

    /**
     * How many runs go side by side ({@code -Dlockchaos.it.parallel=N}, the build's
     * {@code lockchaos.it.parallel}): with more than one, every scenario of this class is run ahead
     * of its test by {@link SideBySide#onThisMachine} (staggered start-ups, below a CPU share, a
     * file marked alone with nothing beside it), and each test reads its run's outcome.
     */
    private static final int SLOTS = SideBySide.slots("lockchaos.it.parallel",
            System.getProperty("lockchaos.it.parallel", "1"));

    /** The runs ahead, by scenario, once the first test asked for one. */
    private static Map<String, CompletableFuture<Ran>> ahead;
    private static final AtomicBoolean STOP_AHEAD = new AtomicBoolean();
    private static Thread aheadThread;

    private static Ran run(String name) {
        if (SLOTS == 1) {
            return runOnce(name, () -> { }).orElseThrow();
        }
        CompletableFuture<Ran> ran;
        synchronized (FaultScenariosIT.class) {
            if (ahead == null) {
                startAhead();
            }
            ran = ahead.get(name);
        }
        if (ran == null) {
            return runOnce(name, () -> { }).orElseThrow();
        }
        try {
            return ran.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Voided) {
                // Beside other runs its harness stood still longer than the slack its timing may
                // lose: not a verdict. Played again alone, once the runs ahead are over.
                awaitAhead();
                return runOnce(name, () -> { }).orElseThrow();
            }
            throw e;
        }
    }

    /** Every scenario this class runs, side by side (those alone first, then the longest first). */
    private static void startAhead() {
        List<String> names = new ArrayList<>(SEED_ROWS);
        try {
            names.addAll(otherShipped());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        names.addAll(KLEPPMANN);
        ahead = new LinkedHashMap<>();
        names.forEach(n -> ahead.put(n, new CompletableFuture<>()));
        List<SideBySide.Job<String>> jobs = names.stream().map(n -> {
            MatrixScenario s = MatrixScenario.read(ProjectRoot.find().resolve("scenarios").resolve(n + ".json"));
            return new SideBySide.Job<>(n, s.alone(), MatrixShards.seconds(s, Map.of()));
        }).toList();
        aheadThread = new Thread(() -> {
            try {
                SideBySide.<String, Boolean>onThisMachine(SLOTS).run(jobs, (n, started) -> {
                    try {
                        Optional<Ran> ran = runOnce(n, started);
                        ran.ifPresentOrElse(ahead.get(n)::complete, () -> ahead.get(n).completeExceptionally(new Voided()));
                    } catch (RuntimeException | Error e) {
                        ahead.get(n).completeExceptionally(e);
                    }
                    return true;
                }, STOP_AHEAD::get);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                ahead.values().forEach(f -> f.completeExceptionally(new IllegalStateException("not run: the runs ahead stopped")));
            }
        }, "fault-scenarios-ahead");
        aheadThread.setDaemon(true);
        aheadThread.start();
    }

    private static void awaitAhead() {
        try {
            aheadThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** No run starts after the class's tests; those under way end (their own hooks heal and remove them). */
    @AfterAll
    static void stopAhead() {
        STOP_AHEAD.set(true);
        if (aheadThread != null) {
            awaitAhead();
        }
    }

    /** A run beside others that {@link SideBySide#stoodStill} too long. */
    private static final class Voided extends RuntimeException {
        Voided() {
            super("stood still beside other runs", null, false, false);
        }
    }

    /** The run; empty when it ran beside others and stood still longer than its timing may lose. */
    private static Optional<Ran> runOnce(String name, Runnable started) {
        Scenario scenario = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve(name + ".json"));
        try (Run run = Run.create(scenario, ROOT, line -> { })) {
            run.onStarted(started);
            RunOutcome outcome = run.execute();
            Optional<String> still = SLOTS > 1 ? SideBySide.stoodStill(outcome.worstStallMs()) : Optional.empty();
            if (still.isPresent()) {
                System.err.println("FaultScenariosIT: " + name + ": " + still.get());
                return Optional.empty();
            }
            return Optional.of(new Ran(scenario, outcome, run.clusterRunId().orElseThrow(), run.results().dir()));
        } finally {
            started.run();
        }
    }

    /** The history's nemesis ops, after asserting that every injected fault was healed and the run ended healed. */
    private static List<Op> assertHealed(Ran ran, History history) {
        List<Op> nemesis = history.ops().stream().filter(o -> o.process().equals(Process.NEMESIS)).toList();
        long starts = nemesis.stream().filter(o -> NemesisOps.started(o.f()).isPresent()).count();
        long stops = nemesis.stream().filter(o -> NemesisOps.stopped(o.f()).isPresent()).count();
        assertEquals(ran.scenario().schedule().isEmpty(), starts == 0, "the schedule injected its faults: " + nemesis);
        assertEquals(starts, stops, "every injected fault was healed: " + nemesis);
        if (starts > 0) {
            assertEquals(NemesisOps.HEAL_ALL, nemesis.get(nemesis.size() - 1).f(), "the run ends with a heal: " + nemesis);
        }
        return nemesis;
    }

    @ParameterizedTest
    @MethodSource("seedRows")
    void theScenarioReachesTheVerdictsTheTheoryPredicts(String name) throws IOException {
        Ran ran = run(name);
        RunOutcome outcome = ran.outcome();
        assertTrue(outcome.mismatches().isEmpty(), outcome.toText());
        assertEquals(0, outcome.exitCode(), outcome.toText());
        assertEquals(Validity.INVALID, outcome.checks().get("ledger-unfenced").valid(), outcome.toText());
        assertEquals(Validity.VALID, outcome.checks().get("ledger-fenced").valid(), outcome.toText());

        History history = HistoryFormats.read(ran.dir().resolve("history.jsonl"));
        assertTrue(assertHealed(ran, history).size() > 0, "the schedule injected faults");
        assertTrue(history.ops().stream().anyMatch(o -> o.type() == OpType.FAIL && o.f().equals("append")
                && o.error().equals(Value.kw("stale-token"))), "the fenced store refused a stale token");
        for (String worker : List.of("worker-1", "worker-2", "worker-3", "worker-4")) {
            String log = Files.readString(ran.dir().resolve("logs").resolve(worker + ".log"));
            assertTrue(log.contains(worker + " exited with status 143"), "resumed, then stopped by SIGTERM: " + log);
        }
        assertTrue(Files.readString(ran.dir().resolve("scenario.json")).contains(ran.scenario().schedule().text().lines()
                .findFirst().orElseThrow()), "scenario.json records the schedule");
        outcome.unsafeWindowsByLane().forEach((lane, w) -> {
            assertTrue(w.count() > 0, "the " + lane + " lane's holder was overtaken: " + outcome.unsafeWindowsLine());
            // redis-naive cannot tell a holder; Curator tells (SUSPENDED when the paused holder wakes or
            // the cut holder's connection times out), and the plain holder goes on regardless.
            assertEquals(ran.scenario().lock().descriptor().lossNotice().isPresent() ? w.count() : 0, w.told(),
                    "holders told of the loss, by " + ran.scenario().lock().backend() + ": " + outcome.unsafeWindowsLine());
        });
        assertEquals(0, Clusters.containerCount(ran.runId()), "no container of the run is left");
    }

    /**
     * Every other shipped scenario, once: it states a verdict for every check and each comes true, every
     * fault is healed, nothing is left. {@code -Dlockchaos.scenarios=a,b} runs only those.
     */
    @ParameterizedTest
    @MethodSource("otherShipped")
    void everyOtherShippedScenarioReachesItsExpectedVerdicts(String name) {
        Ran ran = run(name);
        assertEquals(ran.scenario().checkNames().size(), ran.scenario().expect().size(), "it states every check");
        assertTrue(ran.outcome().mismatches().isEmpty(), ran.outcome().toText());
        assertHealed(ran, HistoryFormats.read(ran.dir().resolve("history.jsonl")));
        if (ran.outcome().checks().get("holds").valid() == Validity.VALID) {
            assertEquals(0, ran.outcome().unsafeWindows().count(), "a run whose holds are valid has no unsafe window: "
                    + ran.outcome().unsafeWindowsLine());
        }
        assertEquals(0, Clusters.containerCount(ran.runId()), "no container of the run is left");
    }

    /**
     * Rows 6: the verdicts as expected, and in each lane another process was granted the lock
     * that the paused holder held while the holder's own Redlock lease still ran (the
     * holder's acquire invoked at t, so its validity lasts at least until t + TTL - drift), so
     * the clock jump or the restart broke the lock, not a pause longer than the TTL.
     */
    @ParameterizedTest
    @MethodSource("kleppmann")
    void kleppmannsScenarioBreaksRedlockInsideTheLease(String name) {
        Ran ran = run(name);
        assertTrue(ran.outcome().mismatches().isEmpty(), ran.outcome().toText());
        History history = HistoryFormats.read(ran.dir().resolve("history.jsonl"));
        List<Op> pauses = assertHealed(ran, history).stream()
                .filter(o -> o.f().equals(NemesisOps.start("pause"))).toList();
        assertEquals(ran.scenario().lanes().size(), pauses.size(), "one holder paused per lane: " + pauses);
        long ttl = ran.scenario().lock().ttl().toNanos();
        long leaseAtLeast = ttl - (ttl / 100 + 2_000_000);
        for (Op pause : pauses) {
            String worker = pause.value().get("targets").map(t -> ((Value.Vec) t).items().get(0))
                    .map(v -> ((Value.Str) v).value()).orElseThrow();
            int holder = Integer.parseInt(worker.substring("worker-".length())) - 1;
            int total = ran.scenario().totalWorkers();
            Op granted = lastBefore(history, pause, o -> o.type() == OpType.OK && o.f().equals("acquire")
                    && clientOf(o) % total == holder);
            String lock = granted.value().getString("lock").orElseThrow();
            Op invoked = lastBefore(history, granted, o -> o.isInvoke() && o.f().equals("acquire")
                    && clientOf(o) == clientOf(granted));
            long leaseEnd = invoked.time() + leaseAtLeast;
            assertTrue(history.ops().stream().anyMatch(o -> o.type() == OpType.OK && o.f().equals("acquire")
                    && o.time() > pause.time() && o.time() < leaseEnd && clientOf(o) % total != holder
                    && lock.equals(o.value().getString("lock").orElse(""))), worker + " (process " + clientOf(granted)
                    + ") was granted " + lock + " at " + granted.time() / 1_000_000 + " ms: no other process was granted it"
                    + " before its lease ran out at " + leaseEnd / 1_000_000 + " ms");
        }
        assertEquals(0, Clusters.containerCount(ran.runId()), "no container of the run is left");
    }

    private static int clientOf(Op op) {
        return op.process() instanceof Process.Client c ? c.id() : -1;
    }

    private static Op lastBefore(History history, Op anchor, java.util.function.Predicate<Op> which) {
        Op found = null;
        for (Op o : history.ops()) {
            if (o.index() >= anchor.index()) {
                break;
            }
            if (which.test(o)) {
                found = o;
            }
        }
        assertTrue(found != null, "nothing before " + anchor);
        return found;
    }

    static List<String> kleppmann() {
        return KLEPPMANN;
    }

    static List<String> seedRows() {
        return SEED_ROWS;
    }

    static List<String> otherShipped() throws IOException {
        String only = System.getProperty("lockchaos.scenarios", "");
        if (!only.isBlank()) {
            return java.util.Arrays.stream(only.split(",")).map(String::strip).toList();
        }
        try (java.util.stream.Stream<Path> files = Files.list(ProjectRoot.find().resolve("scenarios"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).filter(n -> !SEED_ROWS.contains(n))
                    .filter(n -> !KLEPPMANN.contains(n)).filter(n -> !NIGHTLY.contains(n)).sorted().toList();
        }
    }
}
