package io.lockchaos.cluster;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import io.lockchaos.cluster.ImageTags.Image;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.testcontainers.DockerClientFactory;

/**
 * Starts and removes clusters. The façade of this package:
 * <pre>{@code
 * try (Cluster c = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS)) {
 *     Node master = c.node("redis-1");   // master.host(), master.hostPort()
 * }
 * }</pre>
 */
public final class Clusters {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Clusters() {
    }

    /**
     * Starts {@code topology} for this JVM: removed on {@link Cluster#close()} or, failing
     * that, when the JVM exits. First removes what killed runs left behind.
     *
     * @throws ClusterException naming the node that did not start, with its log tail
     */
    public static Cluster start(Topology topology, ClusterOptions options) {
        return start(topology, options, false);
    }

    /**
     * Starts {@code topology} to outlive this JVM ({@code lockchaos cluster up}); only
     * {@link #remove(String)} removes it. A Ctrl-C during the start still removes it.
     */
    public static Cluster startDetached(Topology topology, ClusterOptions options) {
        return start(topology, options, true);
    }

    /** Removes every container and network of run {@code runId}; a missing run is fine. */
    public static void remove(String runId) {
        new Leftovers(docker()).removeRun(runId);
    }

    /** Removes detached runs other than {@code keepRunId} (null: all); returns their ids. */
    public static List<String> removeDetachedExcept(String keepRunId) {
        return new Leftovers(docker()).removeDetachedExcept(keepRunId);
    }

    /** How many containers of run {@code runId} exist, running or not. */
    public static int containerCount(String runId) {
        return new Leftovers(docker()).containersOf(runId).size();
    }

    private static Cluster start(Topology topology, ClusterOptions options, boolean detached) {
        DockerClient docker = docker();
        Leftovers leftovers = new Leftovers(docker);
        leftovers.removeOrphans();
        ImageTags images = ImageTags.forProject();
        ensureImages(docker, images);
        String runId = HexFormat.of().formatHex(RANDOM.generateSeed(4));
        ContainerCluster cluster = new ContainerCluster(RunLabels.newRun(runId, topology, detached), topology, leftovers);
        cluster.start(Plan.of(topology, options, images));
        if (detached) {
            cluster.detach();
        }
        return cluster;
    }

    static DockerClient docker() {
        requireOfflineTestcontainers();
        try {
            return DockerClientFactory.instance().client();
        } catch (IllegalStateException e) {
            throw new ClusterException("no Docker engine answers: run docker/setup.sh (or ./lockchaos test), "
                    + "which starts one, or start dockerd yourself", e);
        }
    }

    /**
     * Testcontainers reads these from the environment only; without them it tries to pull
     * Ryuk's and an alpine image and hangs for minutes where no registry is reachable.
     */
    private static void requireOfflineTestcontainers() {
        if (!"true".equals(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))
                || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") == null) {
            throw new ClusterException("set TESTCONTAINERS_RYUK_DISABLED=true and TESTCONTAINERS_HOST_OVERRIDE=localhost "
                    + "in the environment (./lockchaos and the harness's failsafe configuration do): lockchaos removes "
                    + "its own containers, and without them Testcontainers tries to pull images from a registry");
        }
    }

    /** Builds missing images through docker/setup.sh, once; Testcontainers would try to pull them. */
    private static synchronized void ensureImages(DockerClient docker, ImageTags images) {
        List<String> missing = new ArrayList<>();
        for (Image image : Image.values()) {
            if (!exists(docker, images.tag(image))) {
                missing.add(images.tag(image));
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Path setup = ProjectRoot.find().resolve("docker").resolve("setup.sh");
        System.err.println("lockchaos: images " + missing + " are missing; running " + setup);
        try {
            Process p = new ProcessBuilder("bash", setup.toString())
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            if (p.waitFor() != 0) {
                throw new ClusterException(setup + " failed (exit " + p.exitValue() + ") building " + missing
                        + "; run it by hand to see why");
            }
        } catch (IOException e) {
            throw new ClusterException("cannot run " + setup + " to build " + missing, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while " + setup + " built " + missing, e);
        }
    }

    private static boolean exists(DockerClient docker, String tag) {
        try {
            docker.inspectImageCmd(tag).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
