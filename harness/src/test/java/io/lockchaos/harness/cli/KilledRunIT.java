package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.RunLabels;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testcontainers.DockerClientFactory;

/**
 * {@code lockchaos run} as a child process, killed: with SIGKILL at five phases, after which
 * the next command of the same checkout ({@code cluster down}) removes every container and
 * network the run left and the history written so far reads; and with SIGINT (Ctrl-C) while a
 * worker is paused and a partition is in place, after which the run itself has healed and
 * removed everything within 10 s. Each run gets its own checkout (a copy of {@code docker/}
 * and one scenario), so the checkout label counts exactly its resources.
 */
@Tag("chaos")
class KilledRunIT {

    private static final String SCHEDULE = "at 1s pause worker-1 for 3s; at 1s partition isolate redis-1 for 3s";
    private static final Duration PHASE_DEADLINE = Duration.ofSeconds(240);

    /** Where the run is killed: the progress lines that mark it, and how long the run would last. */
    enum Phase {
        CLUSTER_START(60, l -> l.contains("starting a redis-single cluster")),
        WORKER_START(60, l -> l.contains("starting 2 workers")),
        MID_WORKLOAD(60, l -> l.contains("nemesis: paused worker-1"),
                l -> l.contains("nemesis: partitioned the network")),
        HEAL(6, l -> l.contains("healing every fault")),
        CHECKS(6, l -> l.contains("events; checking"));

        final int seconds;
        final List<Predicate<String>> marks;

        @SafeVarargs
        Phase(int seconds, Predicate<String>... marks) {
            this.seconds = seconds;
            this.marks = List.of(marks);
        }
    }

    @TempDir
    Path home;

    @ParameterizedTest
    @EnumSource(Phase.class)
    void afterSigkillTheNextCommandRemovesWhatTheRunLeft(Phase phase) throws Exception {
        Path checkout = checkout();
        try (ChildRun run = start(checkout, phase.seconds)) {
            run.await(PHASE_DEADLINE, phase.marks);
            if (phase == Phase.CLUSTER_START) {
                awaitFirstResource(checkout, run);
            }
            run.kill();
        }
        long left = resources(checkout);
        try (ChildRun next = ChildRun.start(checkout, "cluster", "down")) {
            OptionalInt exit = next.awaitExit(Await.scaled(Duration.ofSeconds(120)));
            assertEquals(OptionalInt.of(0), exit, next.output());
        }
        System.out.printf("killed at %s: %d containers and networks left; after 'cluster down': %d%n", phase, left,
                resources(checkout));
        assertEquals(0, resources(checkout), "the next command removed what the killed run left");
        Path latest = checkout.resolve("results").resolve("latest");
        if (phase.compareTo(Phase.MID_WORKLOAD) >= 0) {
            assertTrue(Files.exists(latest), "results/latest points at the run once it has recorded operations");
        }
        if (Files.exists(latest)) {
            History history = HistoryFormats.read(latest.resolve("history.jsonl"));
            assertTrue(history.size() > 0, "latest points at a folder with a history");
        }
    }

    @Test
    void ctrlCHealsAndRemovesEverythingWithinTenSeconds() throws Exception {
        Path checkout = checkout();
        try (ChildRun run = start(checkout, 60)) {
            run.await(PHASE_DEADLINE, Phase.MID_WORKLOAD.marks);
            long before = resources(checkout);
            long sent = System.nanoTime();
            run.interrupt();
            OptionalInt exit = run.awaitExit(Duration.ofSeconds(10));
            double took = (System.nanoTime() - sent) / 1e9;
            System.out.printf("Ctrl-C with %d containers and networks up: exit %s after %.1f s; left: %d%n", before,
                    exit, took, resources(checkout));
            assertTrue(exit.isPresent(), "the run ended within 10 s of SIGINT (if nothing at all happened: a test"
                    + " run started as a background job of a shell without job control inherits an ignored SIGINT,"
                    + " and so does the JVM under test); its output:\n" + run.output());
            assertTrue(before > 0, "the run had its cluster and workers up when interrupted");
            assertEquals(0, resources(checkout), "nothing is left after Ctrl-C; output:\n" + run.output());
        }
    }

    /**
     * Ctrl-C while the workers start (their containers joining the cluster's network as it is
     * made), three times: the run ends with nothing left on the engine and prints no stack trace.
     * Before, the JVM's shutdown hooks (the run's, the cluster's, Testcontainers' own prune) ran at
     * once, and Testcontainers logged the starts in flight that lost their network
     * ({@code NotFoundException: network ... not found}) with their stack traces.
     */
    @org.junit.jupiter.api.RepeatedTest(3)
    void ctrlCWhileTheWorkersStartLeavesNothingAndPrintsNoStackTrace() throws Exception {
        Path checkout = checkout();
        try (ChildRun run = start(checkout, 60)) {
            run.await(PHASE_DEADLINE, Phase.WORKER_START.marks);
            run.interrupt();
            OptionalInt exit = run.awaitExit(Await.scaled(Duration.ofSeconds(120)));
            System.out.printf("Ctrl-C while the workers start: exit %s; left: %d%n", exit, resources(checkout));
            assertTrue(exit.isPresent(), "the run ended; its output:\n" + run.output());
            assertEquals(0, resources(checkout), "nothing is left; output:\n" + run.output());
            assertNoStackTraceOrFailure(run.output());
        }
    }

    /**
     * SIGTERM while a worker is paused, a partition cuts redis-1 off and its clock is skewed:
     * every fault is healed before the containers go, so no heal fails. Before, the run healed
     * nodes that Testcontainers' exit hook was removing at the same time ("healing on close failed:
     * ... No such container", 3 of 3 tries). Each heal says so on its way out.
     */
    @Test
    void sigtermDuringAPauseHealsWithoutAFailure() throws Exception {
        Path checkout = checkout();
        try (ChildRun run = ChildRun.start(checkout, "run", checkout.resolve("scenario.json").toString(), "--time", "30",
                "--workers", "1", "--seed", "7", "--schedule", "at 1s pause worker-1 for 20s; at 1s partition isolate"
                        + " redis-1 for 20s; at 1s clock redis-1 +30s for 20s")) {
            run.await(PHASE_DEADLINE, List.of(l -> l.contains("nemesis: paused worker-1"),
                    l -> l.contains("nemesis: partitioned the network"), l -> l.contains("nemesis: moved the clock of")));
            run.terminate();
            OptionalInt exit = run.awaitExit(Await.scaled(Duration.ofSeconds(60)));
            assertEquals(OptionalInt.of(143), exit, "the run ended as SIGTERM ends a process; output:\n" + run.output());
            assertEquals(0, resources(checkout), "nothing is left; output:\n" + run.output());
            assertNoStackTraceOrFailure(run.output());
            for (String heal : List.of("nemesis: resumed worker-1 (SIGCONT)", "nemesis: healed the partition redis-1",
                    "nemesis: put back the clock of redis-1")) {
                assertTrue(run.output().contains(heal), "the run said it undid each fault ('" + heal + "'); output:\n"
                        + run.output());
            }
        }
    }

    /**
     * SIGTERM to a {@code matrix} while its run starts its workers: the run closes, and the matrix
     * says it stopped and wrote no matrix files before the JVM exits with 143. Before, the
     * signal's exit began as soon as the run had closed and cut that line off.
     */
    @Test
    void sigtermStopsAMatrixWhichSaysSoAndLeavesNothing() throws Exception {
        Path checkout = checkout();
        try (ChildRun matrix = ChildRun.start(checkout, "matrix", checkout.resolve("scenario.json").toString())) {
            matrix.await(PHASE_DEADLINE, List.of(l -> l.contains("lockchaos: starting") && l.contains("workers")));
            matrix.terminate();
            OptionalInt exit = matrix.awaitExit(Await.scaled(Duration.ofSeconds(60)));
            System.out.printf("SIGTERM to a matrix: exit %s; left: %d%n", exit, resources(checkout));
            assertEquals(OptionalInt.of(143), exit, "the matrix ended as SIGTERM ends a process; output:\n"
                    + matrix.output());
            assertTrue(matrix.output().contains("lockchaos: matrix stopped (Ctrl-C or SIGTERM); no matrix files"
                    + " written"), "the matrix said it stopped; output:\n" + matrix.output());
            assertFalse(Files.exists(checkout.resolve("results").resolve("matrix.json")), "no matrix.json");
            assertEquals(0, resources(checkout), "nothing is left; output:\n" + matrix.output());
        }
    }

    private static void assertNoStackTraceOrFailure(String output) {
        for (String line : output.split("\n")) {
            assertTrue(!line.startsWith("\tat ") && !line.contains("Exception") && !line.contains("ERROR")
                    && !line.contains("failed"), "no stack trace and no failure on the way out: '" + line
                    + "' in\n" + output);
        }
    }

    /** The cluster is being made: its network or a first container exists (polled, with a deadline). */
    private static void awaitFirstResource(Path checkout, ChildRun run) {
        Await.until(PHASE_DEADLINE, () -> "a container or network of the run; its output:\n" + run.output(),
                () -> resources(checkout) > 0);
    }

    private ChildRun start(Path checkout, int seconds) {
        return ChildRun.start(checkout, "run", checkout.resolve("scenario.json").toString(), "--time",
                Integer.toString(seconds), "--workers", "1", "--seed", "7", "--schedule", SCHEDULE);
    }

    /** A checkout of its own, see {@link ChildRun#checkout}. */
    private Path checkout() throws IOException {
        return ChildRun.checkout(home, "redis-naive-no-fault");
    }

    /** Containers and networks labelled with {@code checkout}, running or not. */
    private static long resources(Path checkout) {
        DockerClient docker = DockerClientFactory.instance().client();
        String label = RunLabels.CHECKOUT + "=" + checkout;
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(RunLabels.CHECKOUT,
                checkout.toString())).exec().size()
                + docker.listNetworksCmd().withFilter("label", List.of(label)).exec().size();
    }
}
