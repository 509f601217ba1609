package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.workloads.lock.LockConfig;

/**
 * The JSON config of one worker ({@code WorkerConfigJson}'s format) for a lane of a scenario.
 * Workers get a duration well past the scenario's: the harness stops them with SIGTERM.
 */
final class WorkerConfigs {

    /** How far past the scenario's duration a worker would stop by itself. */
    static final long MARGIN_MS = 600_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private WorkerConfigs() {
    }

    static String json(Scenario s, Lane lane, int i, LockConfig lock, String storageNode, long startNanos) {
        ObjectNode root = JSON.createObjectNode();
        int process = lane.process(i);
        root.put("process", process);
        root.put("workers", s.totalWorkers());
        lane.lockNames().forEach(l -> root.withArray("locks").add(l));
        root.put("durationMs", s.duration().toMillis() + MARGIN_MS);
        root.put("thinkMs", s.think().toMillis());
        root.put("idleMs", s.idle().toMillis());
        root.put("acquireTimeoutMs", s.acquireTimeout().toMillis());
        root.put("seed", s.seed() + process);
        root.put("startNanos", startNanos);
        ObjectNode l = root.putObject("lock");
        l.put("backend", lock.backend());
        lock.nodes().forEach(n -> l.withArray("nodes").add(n));
        l.put("ttlMs", lock.ttl().toMillis());
        l.put("sessionTimeoutMs", lock.sessionTimeout().toMillis());
        ObjectNode options = l.putObject("options");
        lock.options().forEach(options::put);
        ObjectNode storage = root.putObject("storage");
        storage.put("node", storageNode);
        storage.put("fencing", lane.fencing().id());
        return root.toPrettyString();
    }
}
