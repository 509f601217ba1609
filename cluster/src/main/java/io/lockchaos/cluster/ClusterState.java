package io.lockchaos.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code lockchaos cluster up} leaves for later commands: {@code results/.cluster.json}
 * in the checkout. Also the shape {@code cluster status --json} prints:
 * <pre>{@code
 * {"runId": "3fa1c2d4", "topology": "redis-single", "network": "lockchaos-3fa1c2d4",
 *  "nodes": [{"name": "redis-1", "role": "master", "host": "127.0.0.1", "port": 32771,
 *             "ip": "172.18.0.2", "internalPort": 6379, "containerId": "…",
 *             "containerName": "lockchaos-3fa1c2d4-redis-1", "pid": 12345, "persistent": false,
 *             "proxyPort": 32790, "proxyInternalPort": 8666}, …,
 *            {"name": "toxiproxy", "role": "proxy", "port": 32785, "internalPort": 8474, "proxyPort": 0, …}],
 *  "checkout": "/home/me/lockchaos"}
 * }</pre>
 * {@code checkout} is the real path of the checkout whose {@code cluster up} wrote it: a copy of the
 * file (a copied checkout) still names the original, so a command run elsewhere knows the cluster is
 * not its own. {@code port} is the published port on {@code host}; {@code ip} and {@code internalPort}
 * are how the other nodes reach it. {@code proxyPort} on {@code host} reaches the node through
 * its proxy (subject to link faults), as does {@code toxiproxy:proxyInternalPort} on the
 * cluster network; the {@code toxiproxy} node's own {@code port} is the Toxiproxy API.
 */
public record ClusterState(String runId, String topology, String network, int zkNodes, boolean persist,
                           List<Entry> nodes, String checkout) {

    /**
     * A state without the checkout that wrote it (as an older lockchaos wrote it): its owner is
     * then told by its containers' labels ({@link Clusters#foreignOwner}).
     */
    public ClusterState(String runId, String topology, String network, int zkNodes, boolean persist,
                        List<Entry> nodes) {
        this(runId, topology, network, zkNodes, persist, nodes, null);
    }

    /** One node, flattened for JSON. */
    public record Entry(String name, String role, String host, int port, String ip, int internalPort,
                        String containerId, String containerName, long pid, boolean persistent,
                        int proxyPort, int proxyInternalPort) {

        static Entry of(Node n) {
            return new Entry(n.name(), n.role().label(), n.host(), n.hostPort(), n.ip(), n.port(),
                    n.containerId(), n.containerName(), n.pid(), n.persistent(), n.proxyPort(), n.proxyInternalPort());
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The state of a freshly started cluster. */
    public static ClusterState of(Cluster cluster, ClusterOptions options) {
        return new ClusterState(cluster.runId(), cluster.topology().id(), cluster.network(),
                options.zkNodes(), options.persist(), cluster.nodes().stream().map(Entry::of).toList(),
                RunLabels.currentCheckout());
    }

    /** The state file of the checkout {@link ProjectRoot#find()} finds. */
    public static Path defaultFile() {
        return ProjectRoot.find().resolve("results").resolve(".cluster.json");
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render cluster state as JSON", e);
        }
    }

    /** Writes this state to {@code file} atomically (via a temporary file). */
    public void write(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), ".cluster", ".tmp");
            Files.writeString(tmp, toJson() + "\n");
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the cluster state file " + file, e);
        }
    }

    /**
     * The state in {@code file}, or empty when there is none.
     *
     * @throws ClusterException when the file exists but is not a whole cluster state: not JSON,
     *     the wrong shape, or a field missing (named); the advice names only that cluster's containers
     */
    public static Optional<ClusterState> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw unreadable(file, null, "not JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw unreadable(file, null, e.toString(), e);
        }
        String runId = tree == null ? null : tree.path("runId").textValue();
        ClusterState state;
        try {
            state = tree == null || !tree.isObject() ? null : JSON.treeToValue(tree, ClusterState.class);
        } catch (JsonProcessingException e) {
            throw unreadable(file, runId, e.getOriginalMessage(), e);
        }
        List<String> missing = state == null ? List.of("a JSON object") : state.missing();
        if (!missing.isEmpty()) {
            throw unreadable(file, runId, "it lacks " + String.join(", ", missing), null);
        }
        return Optional.of(state);
    }

    /** The fields that later commands need and this state lacks, by JSON path. */
    private List<String> missing() {
        List<String> missing = new ArrayList<>();
        need(missing, "runId", runId);
        need(missing, "topology", topology);
        need(missing, "network", network);
        need(missing, "nodes", nodes);
        for (int i = 0; nodes != null && i < nodes.size(); i++) {
            Entry e = nodes.get(i);
            String at = "nodes[" + i + "]";
            need(missing, at, e);
            if (e != null) {
                need(missing, at + ".name", e.name());
                need(missing, at + ".role", e.role());
                need(missing, at + ".host", e.host());
                need(missing, at + ".ip", e.ip());
                need(missing, at + ".containerId", e.containerId());
                need(missing, at + ".containerName", e.containerName());
            }
        }
        return missing;
    }

    private static void need(List<String> missing, String path, Object value) {
        if (value == null) {
            missing.add(path);
        }
    }

    private static ClusterException unreadable(Path file, String runId, String why, Exception cause) {
        String filter = runId != null && !runId.isBlank() ? RunLabels.RUN + "=" + runId
                : RunLabels.CHECKOUT + "=" + RunLabels.currentCheckout();
        return new ClusterException("the cluster state file " + file + " is unreadable (" + why + "); remove it, and "
                + (runId != null && !runId.isBlank() ? "the containers of its run " + runId : "this checkout's containers")
                + " (docker ps -a --filter label=" + filter + ")", cause);
    }
}
