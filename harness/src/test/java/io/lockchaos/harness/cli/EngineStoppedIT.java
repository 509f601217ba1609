package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.RunLabels;
import io.lockchaos.history.History;
import io.lockchaos.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Docker engine stops in the middle of a run: {@code lockchaos run} (a child process) runs
 * a redis-single scenario on a {@link SecondEngine} of this test's own, which is killed (SIGKILL)
 * or frozen (SIGSTOP: it still accepts connections and never answers) once the workers run. The
 * run must end within a minute, exit 2 with a message that names the engine and what was
 * recorded, print no stack trace, and leave its history readable; once the engine answers again,
 * {@code cluster down} removes what the run left, as the message says.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EngineStoppedIT {
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final Duration START_DEADLINE = Duration.ofSeconds(300);

    private SecondEngine engine;

    @BeforeAll
    void startEngine() throws Exception {
        engine = SecondEngine.start();
        engine.loadImages();
    }

    @AfterAll
    void stopEngine() throws Exception {
        if (engine != null) {
            engine.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"KILL", "STOP"})
    void aRunWhoseEngineStopsEndsWithinAMinuteAsNotCarriedOut(String signal, @TempDir Path home) throws Exception {
        Path checkout = ChildRun.checkout(home, "redis-naive-no-fault");
        Map<String, String> env = Map.of("DOCKER_HOST", engine.host());
        try (ChildRun run = ChildRun.start(checkout, env, "run", checkout.resolve("scenario.json").toString(),
                "--time", "120", "--workers", "1", "--seed", "7")) {
            run.await(START_DEADLINE, List.of(line -> line.contains("workers running for")));
            long sent = System.nanoTime();
            engine.signal(signal);
            OptionalInt exit = run.awaitExit(BOUND);
            double took = (System.nanoTime() - sent) / 1e9;
            System.out.printf("engine %s mid-run: exit %s after %.1f s%n", signal, exit, took);
            String output = run.output();
            assertEquals(OptionalInt.of(RunCommand.EXIT_FAILED), exit,
                    "the run ended within " + BOUND + " with exit 2; its output:\n" + output);
            assertTrue(output.contains("the run is not carried out (exit 2, no verdict): the Docker engine at "
                    + engine.host() + " stopped answering"), output);
            assertTrue(output.contains("events before that: ") && output.contains("history.jsonl"), output);
            assertFalse(output.contains("\tat ") || output.contains("Exception in thread"), "no stack trace:\n" + output);
        } finally {
            engine.revive();
        }
        History history = HistoryFormats.read(checkout.resolve("results").resolve("latest").resolve("history.jsonl"));
        assertTrue(history.size() > 0, "the history recorded before the engine stopped reads");
        assertTrue(resources(checkout) > 0, "the run's containers were left on the engine, as it said");
        try (ChildRun down = ChildRun.start(checkout, env, "cluster", "down")) {
            assertEquals(OptionalInt.of(0), down.awaitExit(Await.scaled(Duration.ofSeconds(120))), down.output());
        }
        assertEquals(0, resources(checkout), "'cluster down' removed what the run left once the engine was back");
    }

    /** Containers and networks on the second engine labelled with {@code checkout}. */
    private long resources(Path checkout) {
        String filter = "label=" + RunLabels.CHECKOUT + "=" + checkout;
        return Stream.of(engine.docker("ps", "-aq", "--filter", filter), engine.docker("network", "ls", "-q",
                "--filter", filter)).flatMap(String::lines).filter(l -> !l.isBlank()).count();
    }
}
