package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.dockerjava.api.DockerClient;
import io.lockchaos.cluster.ImageTags.Image;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A start removes what a killed run left behind, and nothing of a live one. */
@Tag("chaos")
class LeftoversIT {

    @Test
    void startRemovesResourcesOfDeadOwnersOnly() throws IOException, InterruptedException {
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor();
        String dead = "dead" + Long.toHexString(System.nanoTime());
        String alive = "live" + Long.toHexString(System.nanoTime());
        createLabelled(dead, RunLabels.ownerLabel(finished.pid(), 0));
        createLabelled(alive, RunLabels.currentOwner());
        try {
            assertEquals(2, Docker.resourcesOf(dead));
            Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS).close();
            assertEquals(0, Docker.resourcesOf(dead), "leftovers of a dead owner removed");
            assertEquals(2, Docker.resourcesOf(alive), "a live owner's resources kept");
        } finally {
            Clusters.remove(alive);
        }
        assertEquals(0, Docker.resourcesOf(alive));
    }

    private static void createLabelled(String runId, String owner) {
        Map<String, String> labels = new RunLabels(runId, "redis-single", owner, false).common();
        DockerClient docker = Docker.client();
        docker.createNetworkCmd().withName("lockchaos-" + runId).withLabels(labels).exec();
        docker.createContainerCmd(ImageTags.forProject().tag(Image.REDIS))
                .withName("lockchaos-" + runId + "-redis-1").withLabels(labels).exec();
    }
}
