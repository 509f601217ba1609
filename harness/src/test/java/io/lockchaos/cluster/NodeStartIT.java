package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ImageTags.Image;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A node whose server will not start (a real Redis refusing its configuration): the error
 * names the node and shows the tail of its log, and nothing of the run is left, not even a
 * container started alongside the nodes (as a run starts its workers).
 */
@Tag("chaos")
class NodeStartIT {

    @Test
    void aNodeThatWillNotStartIsNamedWithTheTailOfItsLog() {
        GenericContainer<?> broken = new GenericContainer<>(DockerImageName.parse(ImageTags.forProject().tag(Image.REDIS)))
                .withCommand("redis-server", "--no-such-directive", "yes")
                .withExposedPorts(6379)
                // As RedisContainer waits: the server never says it is ready, so the start fails.
                .waitingFor(Wait.forLogMessage("(?s).*Ready to accept connections.*", 1)
                        .withStartupTimeout(Duration.ofSeconds(20)));
        NodeSpec spec = new NodeSpec("redis-1", Role.MASTER, 6379, false, broken);
        RunLabels labels = RunLabels.newRun("nostart" + Long.toHexString(System.nanoTime()), Topology.REDIS_SINGLE,
                false);
        ContainerCluster cluster = new ContainerCluster(labels, Topology.REDIS_SINGLE,
                new Leftovers(Docker.client(), RunLabels.currentCheckout()));

        AtomicReference<String> alongside = new AtomicReference<>();
        ClusterException e = assertThrows(ClusterException.class,
                () -> cluster.start(new Plan(List.of(List.of(spec)), () -> { }, null), site -> {
                    GenericContainer<?> worker = new GenericContainer<>(
                            DockerImageName.parse(ImageTags.forProject().tag(Image.JVM)))
                            .withCommand("sleep", "600")
                            .withNetworkMode(site.network())
                            .withLabels(site.workerLabels("worker-1"));
                    worker.start();
                    alongside.set(worker.getContainerId());
                }));

        assertTrue(e.getMessage().startsWith("node redis-1 (" + ImageTags.forProject().tag(Image.REDIS) + ") of the"
                + " redis-single cluster did not start"), e.getMessage());
        assertTrue(e.getMessage().contains("last lines of its log:"), e.getMessage());
        assertTrue(e.getMessage().contains("FATAL CONFIG FILE ERROR"), e.getMessage());
        assertTrue(alongside.get() != null, "the container alongside had started before the start failed");
        assertEquals(0, Docker.resourcesOf(labels.runId()), "the failed start removed what it made");
    }
}
