package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A cluster state file that is not a whole state is refused by name: the field missing, and
 * advice that names only that cluster's containers (its run id), never everybody's.
 */
class ClusterStateTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "``|it lacks a JSON object|" + RunLabels.CHECKOUT + "=",
        "`{not json`|not JSON|" + RunLabels.CHECKOUT + "=",
        "`[]`|it lacks a JSON object|" + RunLabels.CHECKOUT + "=",
        "`{\"runId\": \"abc1\"}`|it lacks topology, network, nodes|" + RunLabels.RUN + "=abc1",
        "`{\"runId\": \"abc2\", \"topology\": \"redis-single\", \"network\": \"n\", \"nodes\": [{\"name\": \"redis-1\","
                + " \"role\": \"master\", \"host\": \"127.0.0.1\", \"ip\": \"10.0.0.2\"}]}`"
                + "|it lacks nodes[0].containerId, nodes[0].containerName|" + RunLabels.RUN + "=abc2",
        "`{\"runId\": \"abc3\", \"topology\": \"t\", \"network\": \"n\", \"nodes\": [null]}`|it lacks nodes[0]|"
                + RunLabels.RUN + "=abc3",
        "`{\"runId\": \"abc4\", \"topology\": \"t\", \"network\": \"n\", \"nodes\": \"redis-1\"}`|ArrayList|"
                + RunLabels.RUN + "=abc4",
        "`{\"runId\": \"abc5\", \"zkNodes\": \"three\"}`|three|" + RunLabels.RUN + "=abc5",
    })
    void anIncompleteStateIsRefusedByField(String text, String why, String filter) throws IOException {
        Path file = dir.resolve(".cluster.json");
        Files.writeString(file, text);

        ClusterException e = assertThrows(ClusterException.class, () -> ClusterState.read(file));

        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertTrue(e.getMessage().contains("docker ps -a --filter label=" + filter), e.getMessage());
        assertFalse(e.getMessage().contains("REDACTED"), e.getMessage());
    }

    @Test
    void nestingPastJacksonsLimitIsRefusedToo() throws IOException {
        Path file = dir.resolve(".cluster.json");
        Files.writeString(file, "[".repeat(5000));
        ClusterException e = assertThrows(ClusterException.class, () -> ClusterState.read(file));
        assertTrue(e.getMessage().contains("not JSON"), e.getMessage());
    }

    @Test
    void aWholeStateReadsBack() {
        Path file = dir.resolve(".cluster.json");
        ClusterState state = new ClusterState("0badcafe", "redis-single", "lockchaos-0badcafe", 3, false, List.of(
                new ClusterState.Entry("redis-1", "master", "127.0.0.1", 1, "10.0.0.2", 6379, "c1",
                        "lockchaos-0badcafe-redis-1", 1, false, 0, 0)));
        state.write(file);
        assertEquals(state, ClusterState.read(file).orElseThrow());
        assertTrue(ClusterState.read(dir.resolve("absent.json")).isEmpty());
    }
}
