package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.RunLabels;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Usage errors of {@code lockchaos fault}, all caught before any Docker call: the state file
 * names containers that do not exist, and none of these commands reaches them.
 */
class FaultCommandTest {

    @TempDir
    Path dir;

    private String err;

    private int run(Path state, String... args) {
        StringWriter errText = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(errText));
        cli.setOut(new PrintWriter(new StringWriter()));
        List<String> all = new ArrayList<>(List.of("fault", "--cluster-state", state.toString()));
        all.addAll(List.of(args));
        int code = cli.execute(all.toArray(String[]::new));
        err = errText.toString();
        return code;
    }

    private Path redisSingle() {
        return redisSingle(RunLabels.currentCheckout());
    }

    /** A redis-single cluster's state, as {@code cluster up} in the checkout {@code checkout} wrote it. */
    private Path redisSingle(String checkout) {
        Path file = dir.resolve(".cluster.json");
        new ClusterState("0badcafe", "redis-single", "lockchaos-0badcafe", 3, false, List.of(
                new ClusterState.Entry("redis-1", "master", "127.0.0.1", 1, "10.0.0.2", 6379, "no-such-container-1",
                        "lockchaos-0badcafe-redis-1", 1, false, 0, 0),
                new ClusterState.Entry("storage", "storage", "127.0.0.1", 2, "10.0.0.3", 6379, "no-such-container-2",
                        "lockchaos-0badcafe-storage", 2, false, 0, 0)), checkout).write(file);
        return file;
    }

    @Test
    void aStateFileCopiedFromAnotherCheckoutIsNotOursAndNothingIsInjected() {
        assertEquals(Main.EXIT_USAGE, run(redisSingle("/elsewhere/checkout-a"), "pause", "redis-1", "1s"));
        assertTrue(err.contains("no fault injected: the redis-single cluster (run 0badcafe) that ")
                && err.contains(" names was started by the checkout /elsewhere/checkout-a, not by this one ("
                + RunLabels.currentCheckout() + ")"), err);
    }

    @Test
    void withoutAClusterItSaysHowToStartOne() {
        assertEquals(Main.EXIT_USAGE, run(dir.resolve("absent.json"), "pause", "redis-1"));
        assertTrue(err.contains("no cluster is up; start one with 'lockchaos cluster up TOPOLOGY'"), err);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "pause redis-9|no node 'redis-9' in this cluster; its nodes are [redis-1, storage]",
        "kill storage|node 'storage' cannot be killed; nodes that can: [redis-1]",
        "latency redis-1 200ms|this cluster has no 'toxiproxy' node",
        "failover|has no primary that can fail over (use redis-replicated)",
        "partition halves|at least 3 nodes",
        "partition workers|needs worker nodes",
        "clock redis-1 120s|'120s' is not a clock offset such as +120s or -5s",
        "sleep redis-1|unknown fault kind 'sleep'",
        "clock redis-1 strobe 5s 1s|a clock strobe runs in this process and needs a duration",
    })
    void badFaultsAreBadUsageWithTheReason(String fault, String reason) {
        assertEquals(Main.EXIT_USAGE, run(redisSingle(), fault.split(" ")));
        assertTrue(err.contains(reason), err);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "explode redis-1|unknown fault kind 'explode'",
        "clock redis-1 strobe 5s 1s|a clock strobe runs in this process and needs a duration",
        "clock redis-1 120s|'120s' is not a clock offset",
    })
    void syntaxIsCheckedBeforeTheClusterIsLookedFor(String fault, String reason) {
        assertEquals(Main.EXIT_USAGE, run(dir.resolve("absent.json"), fault.split(" ")));
        assertTrue(err.contains(reason), err);
        assertFalse(err.contains("no cluster is up"), err);
    }

    @Test
    void helpDocumentsTheGrammar() {
        StringWriter out = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        assertEquals(0, cli.execute("fault", "--help"));
        for (String line : List.of("fault pause T[,T...]", "fault clock T[,...] +OFFSET|-OFFSET",
                "fault partition isolate", "fault failover [kill|isolate|command]",
                "fault latency T[,...] LATENCY [jitter JITTER]", "fault blackhole|reset-peer T[,...]", "fault heal")) {
            assertTrue(out.toString().contains(line), line + " in\n" + out);
        }
    }
}
