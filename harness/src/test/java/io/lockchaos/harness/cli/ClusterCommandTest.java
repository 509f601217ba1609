package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Usage errors of {@code lockchaos cluster}, caught before any Docker call. */
class ClusterCommandTest {

    @Test
    void unknownTopologyIsBadUsageAndListsTheValidOnes() {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(Main.EXIT_USAGE, cli.execute("cluster", "up", "consul"));
        String message = err.toString();
        assertTrue(message.contains("unknown topology 'consul'"), message);
        assertTrue(message.contains("redis-single, redis-replicated, redlock, zookeeper, etcd"), message);
    }

    @Test
    void anEnsembleOfFourIsBadUsage() {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(Main.EXIT_USAGE, cli.execute("cluster", "up", "zookeeper", "--zk-nodes", "4"));
        assertTrue(err.toString().contains("3 or 5"), err.toString());
    }

    @Test
    void missingTopologyIsBadUsage() {
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(new StringWriter()));
        assertEquals(Main.EXIT_USAGE, cli.execute("cluster", "up"));
    }
}
