package io.lockchaos.checker.knossos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge's own code: detection, the message without Knossos, and the history it hands
 * over. Knossos itself is on Clojars, unreachable here, so the marshalling is checked against
 * a stand-in {@code knossos.competition} namespace written by the test (it reports back what
 * it was given); the real one is used when the {@code knossos} profile puts it on the classpath.
 */
class KnossosCheckerTest {

    private static final History HISTORY = History.of(List.of(
            new Op(0, 1, OpType.INVOKE, Process.client(0), "write", Value.of(3)),
            new Op(0, 2, OpType.INFO, Process.NEMESIS, "start-partition", Value.NIL),
            new Op(0, 3, OpType.INFO, Process.client(0), "write", Value.kw("timed-out")),
            new Op(0, 4, OpType.INVOKE, Process.client(1), "read", Value.NIL),
            new Op(0, 5, OpType.OK, Process.client(1), "read", Value.of(3))));

    @Test
    void withoutKnossosTheAnswerIsUnknownAndSaysHowToEnableIt() {
        assertFalse(KnossosChecker.available());
        CheckResult result = new KnossosChecker("cas-register").check(HISTORY, CheckOptions.defaults());
        assertEquals(Validity.UNKNOWN, result.valid());
        assertTrue(result.summary().contains("-Pknossos"), result.summary());
    }

    @Test
    void rejectsAModelKnossosDoesNotHave() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new KnossosChecker("kv"));
        assertTrue(e.getMessage().contains("cas-register"), e.getMessage());
    }

    @Test
    void handsKnossosClientOpsWithInfoCompletionsCarryingTheInvocationValue(@TempDir Path dir)
            throws IOException {
        Path ns = Files.createDirectories(dir.resolve("knossos"));
        Files.writeString(ns.resolve("model.clj"),
                "(ns knossos.model)\n(defn cas-register [] :the-cas-register)\n");
        Files.writeString(ns.resolve("competition.clj"), """
                (ns knossos.competition)
                (defn analysis [model history opts]
                  {:valid? false
                   :op {:model model
                        :processes (mapv :process history)
                        :info-values (mapv :value (filter #(= :info (:type %)) history))
                        :time-limit (:time-limit opts)}})
                """);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, previous)) {
            Thread.currentThread().setContextClassLoader(loader);
            assertTrue(KnossosChecker.available());
            CheckResult result = new KnossosChecker("cas-register")
                    .check(HISTORY, CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(7)));
            assertEquals(Validity.INVALID, result.valid());
            String detail = result.evidence().get(0).explanation();
            assertTrue(detail.contains(":model :the-cas-register"), detail);
            assertTrue(detail.contains(":processes [0 0 1 1]"), "no nemesis event: " + detail);
            assertTrue(detail.contains(":info-values [3]"), "info carries the invoked 3: " + detail);
            assertTrue(detail.contains(":time-limit 7000"), detail);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }
}
