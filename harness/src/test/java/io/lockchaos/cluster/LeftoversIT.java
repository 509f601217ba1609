package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import io.lockchaos.cluster.ImageTags.Image;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A start removes what a killed run of this checkout left behind, and nothing of a live one;
 * {@code cluster down}'s sweep removes this checkout's detached runs. Another checkout's runs
 * (dead owner or detached alike) are listed and never removed.
 */
@Tag("chaos")
class LeftoversIT {

    private static final String OTHER_CHECKOUT = "/elsewhere/another-lockchaos-checkout";

    @Test
    void startRemovesResourcesOfThisCheckoutsDeadOwnersOnly() throws IOException, InterruptedException {
        String deadOwner = deadOwner();
        String ours = RunLabels.currentCheckout();
        String dead = createLabelled("dead", deadOwner, false, ours);
        String alive = createLabelled("live", RunLabels.currentOwner(), false, ours);
        String othersDead = createLabelled("othr", deadOwner, false, OTHER_CHECKOUT);
        try {
            assertEquals(2, Docker.resourcesOf(dead));
            Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS).close();
            assertEquals(0, Docker.resourcesOf(dead), "leftovers of a dead owner removed");
            assertEquals(2, Docker.resourcesOf(alive), "a live owner's resources kept");
            assertEquals(2, Docker.resourcesOf(othersDead), "another checkout's leftovers kept");
            assertTrue(Clusters.foreign().stream().anyMatch(f -> f.runId().equals(othersDead)
                    && f.checkout().equals(OTHER_CHECKOUT)), "another checkout's run is listed");
        } finally {
            Clusters.remove(alive);
            Clusters.remove(othersDead);
        }
        assertEquals(0, Docker.resourcesOf(alive));
    }

    @Test
    void theDetachedSweepRemovesOnlyThisCheckoutsClusters() {
        String owner = RunLabels.currentOwner();
        String mine = createLabelled("upme", owner, true, RunLabels.currentCheckout());
        String theirs = createLabelled("upth", owner, true, OTHER_CHECKOUT);
        try {
            List<String> removed = Clusters.removeDetachedExcept(null);
            assertTrue(removed.contains(mine), removed.toString());
            assertEquals(0, Docker.resourcesOf(mine), "this checkout's detached cluster removed");
            assertEquals(2, Docker.resourcesOf(theirs), "another checkout's detached cluster kept");
        } finally {
            Clusters.remove(theirs);
        }
    }

    private static String deadOwner() throws IOException, InterruptedException {
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor();
        return RunLabels.ownerLabel(finished.pid(), 0);
    }

    /** A network and a created (not started) container labelled as a run; returns its run id. */
    private static String createLabelled(String prefix, String owner, boolean detached, String checkout) {
        String runId = prefix + Long.toHexString(System.nanoTime());
        Map<String, String> labels = new RunLabels(runId, "redis-single", owner, detached, checkout).common();
        DockerClient docker = Docker.client();
        docker.createNetworkCmd().withName("lockchaos-" + runId).withLabels(labels).exec();
        docker.createContainerCmd(ImageTags.forProject().tag(Image.REDIS))
                .withName("lockchaos-" + runId + "-redis-1").withLabels(labels).exec();
        return runId;
    }
}
