package io.lockchaos.cluster;

import com.github.dockerjava.api.DockerClient;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
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
        return start(topology, options, false, site -> { });
    }

    /**
     * Starts {@code topology} as {@link #start(Topology, ClusterOptions)} does, with
     * {@code alongside} run on a thread of its own while the nodes start: it may start
     * containers of its own on the cluster's network (a run's workers), labelled with
     * {@link ClusterSite#workerLabels} so that the cluster's removal takes them too. A failure of
     * either fails the start.
     */
    public static Cluster start(Topology topology, ClusterOptions options, Consumer<ClusterSite> alongside) {
        return start(topology, options, false, alongside);
    }

    /**
     * Starts {@code topology} to outlive this JVM ({@code lockchaos cluster up}); only
     * {@link #remove(String)} removes it. A Ctrl-C during the start still removes it.
     */
    public static Cluster startDetached(Topology topology, ClusterOptions options) {
        return start(topology, options, true, site -> { });
    }

    /** Removes every container and network of run {@code runId}; a missing run is fine. */
    public static void remove(String runId) {
        leftovers().removeRun(runId);
    }

    /**
     * Removes this checkout's detached runs other than {@code keepRunId} (null: all) and what
     * its killed runs left; returns their ids. Other checkouts' runs stay ({@link #foreign()}).
     */
    public static List<String> removeDetachedExcept(String keepRunId) {
        Leftovers leftovers = leftovers();
        List<String> removed = new ArrayList<>(leftovers.removeOrphans());
        removed.addAll(leftovers.removeDetachedExcept(keepRunId));
        return removed;
    }

    /**
     * Removes what this checkout's killed runs left (their owner JVM is gone: a SIGKILLed run's
     * cluster and workers, still paused or not) and returns their run ids, so that the command
     * that removed them can say so. Every start also does this, silently.
     */
    public static List<String> removeOrphans() {
        return leftovers().removeOrphans();
    }

    /** The runs of other checkouts on this engine, left alone. */
    public static List<Leftovers.Foreign> foreign() {
        return leftovers().foreign();
    }

    /**
     * The checkout other than this one that started the cluster {@code state} names, if any. A
     * state file is copied with a checkout ({@code cp -a A B}), so having one proves nothing;
     * what it records is matched against where the command runs: the real path of the checkout
     * that wrote it ({@link ClusterState#checkout()}), or for a file without one (an older
     * lockchaos) the checkout label of the run's containers, asked of the engine. Empty when
     * the cluster is this checkout's, or when the file names no checkout and no container of
     * the run is left.
     */
    public static Optional<String> foreignOwner(ClusterState state) {
        String here = RunLabels.currentCheckout();
        if (state.checkout() != null) {
            return state.checkout().equals(here) ? Optional.empty() : Optional.of(state.checkout());
        }
        return leftovers().checkoutOf(state.runId()).filter(owner -> !owner.equals(here));
    }

    /**
     * What a command that found another checkout's cluster in {@code stateFile} says, before it
     * leaves that cluster alone.
     */
    public static String notOurs(ClusterState state, Path stateFile, String owner) {
        return "the " + state.topology() + " cluster (run " + state.runId() + ") that " + stateFile + " names was started"
                + " by the checkout " + owner + ", not by this one (" + RunLabels.currentCheckout() + "), so it is left"
                + " alone: a state file copied with a checkout proves nothing. Run the command in " + owner
                + " (if it moved, remove that cluster with 'docker rm -f $(docker ps -aq --filter label="
                + RunLabels.RUN + "=" + state.runId() + ")'), or 'lockchaos cluster down' here (which forgets that file"
                + " and touches nothing of " + owner + ") and start a cluster of this checkout's own with"
                + " 'lockchaos cluster up'";
    }

    /** How many containers of run {@code runId} exist, running or not. */
    public static int containerCount(String runId) {
        return leftovers().containersOf(runId).size();
    }

    private static Leftovers leftovers() {
        return new Leftovers(docker(), RunLabels.currentCheckout());
    }

    private static Cluster start(Topology topology, ClusterOptions options, boolean detached,
                                 Consumer<ClusterSite> alongside) {
        ExitRace.install();
        Leftovers leftovers = leftovers();
        leftovers.removeOrphans();
        ImageTags images = ImageTags.forProject();
        String runId = HexFormat.of().formatHex(RANDOM.generateSeed(4));
        ContainerCluster cluster = new ContainerCluster(RunLabels.newRun(runId, topology, detached), topology, leftovers);
        cluster.start(Plan.of(topology, options, images), alongside);
        if (detached) {
            cluster.detach();
        }
        return cluster;
    }

    /** The engine's client, once docker/setup.sh made the engine and the images ready ({@link EngineSetup}). */
    static DockerClient docker() {
        requireOfflineTestcontainers();
        EngineSetup.ensure();
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
}
