package io.lockchaos.harness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.nemesis.InForce;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code cluster status --json}: the cluster state ({@link ClusterState}'s shape) with each
 * lock-service node's {@code "faults"} read from the engine, and the proxy's {@code "links"}:
 * <pre>{@code
 * {"runId": "3fa1c2d4", ..., "nodes": [{"name": "redis-1", ...,
 *     "faults": {"process": "paused", "clockOffsetMs": 30000, "cutFrom": ["storage"]}}, ...],
 *  "links": {"redis-1": ["latency_downstream"]}, "faultsInForce": true}
 * }</pre>
 * {@code process} is {@code running}, {@code paused}, {@code stopped} or {@code gone}; nodes
 * that faults never touch (storage, token server, proxy) have no {@code faults}.
 */
final class StatusJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StatusJson() {
    }

    static String of(ClusterState state, InForce faults) {
        try {
            ObjectNode tree = (ObjectNode) JSON.readTree(state.toJson());
            ArrayNode nodes = (ArrayNode) tree.get("nodes");
            for (int i = 0; i < nodes.size(); i++) {
                ObjectNode node = (ObjectNode) nodes.get(i);
                String name = node.path("name").asText();
                faults.nodes().stream().filter(f -> f.node().equals(name)).findFirst().ifPresent(f -> {
                    ObjectNode o = node.putObject("faults");
                    o.put("process", f.process().word());
                    o.put("clockOffsetMs", f.clockOffset().toMillis());
                    ArrayNode cut = o.putArray("cutFrom");
                    f.cutFrom().forEach(cut::add);
                });
            }
            ObjectNode links = tree.putObject("links");
            faults.links().forEach((proxy, toxics) -> {
                ArrayNode list = links.putArray(proxy);
                toxics.forEach(list::add);
            });
            tree.put("faultsInForce", faults.any());
            return JSON.writeValueAsString(tree);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render the cluster status as JSON", e);
        }
    }
}
