package io.lockchaos.workloads.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Reads a worker's config file (JSON; times in ms; {@code startNanos}, {@code idleMs},
 * {@code seed}, {@code stopGraceMs}, {@code lock.options} and {@code storage.timeoutMs} are
 * optional):
 * <pre>{@code
 * {"process": 0, "workers": 3, "locks": ["job-0"], "durationMs": 30000, "thinkMs": 20,
 *  "idleMs": 10, "acquireTimeoutMs": 5000, "seed": 1, "startNanos": 81234567890123,
 *  "lock": {"backend": "redis-naive", "nodes": ["redis-1:6379"], "ttlMs": 10000,
 *           "sessionTimeoutMs": 6000, "options": {"tokens": "zk", "token-nodes": "zk-1:2181"}},
 *  "storage": {"node": "storage:6379", "fencing": "fenced", "timeoutMs": 5000}}
 * }</pre>
 */
public final class WorkerConfigJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;

    private WorkerConfigJson(String source) {
        this.source = source;
    }

    /** Reads {@code file}; every problem names the file and the field. */
    public static WorkerConfig read(Path file) {
        try {
            return new WorkerConfigJson(file.toString()).parse(JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new WorkloadException(file + ": cannot read the worker config (" + e.getMessage()
                    + "); it must be a JSON object as WorkerConfigJson documents", e);
        }
    }

    /** Reads config JSON given as text; {@code source} names it in messages. */
    public static WorkerConfig parse(String json, String source) {
        try {
            return new WorkerConfigJson(source).parse(JSON.readTree(json));
        } catch (IOException e) {
            throw new WorkloadException(source + ": not JSON (" + e.getMessage() + ")", e);
        }
    }

    private WorkerConfig parse(JsonNode root) {
        WorkerSettings settings = new WorkerSettings(
                (int) number(root, "process", null), (int) number(root, "workers", null), strings(root, "locks"),
                millis(root, "durationMs", null), millis(root, "thinkMs", null), millis(root, "idleMs", 0L),
                millis(root, "acquireTimeoutMs", null), number(root, "seed", 0L));
        JsonNode lock = object(root, "lock");
        Map<String, String> options = new LinkedHashMap<>();
        JsonNode opts = lock.get("options");
        if (opts != null) {
            opts.fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
        }
        LockConfig lockConfig = new LockConfig(text(lock, "backend"), strings(lock, "nodes"),
                millis(lock, "ttlMs", null), millis(lock, "sessionTimeoutMs", null), options);
        JsonNode storage = object(root, "storage");
        WorkerConfig.StorageConfig storageConfig = new WorkerConfig.StorageConfig(Address.parse(text(storage, "node")),
                fencing(text(storage, "fencing")), millis(storage, "timeoutMs", 5000L));
        OptionalLong start = root.hasNonNull("startNanos") ? OptionalLong.of(number(root, "startNanos", null))
                : OptionalLong.empty();
        return new WorkerConfig(settings, lockConfig, storageConfig, start, millis(root, "stopGraceMs", 2000L));
    }

    private static Fencing fencing(String id) {
        return Fencing.byId(id).orElseThrow(() -> new WorkloadException("unknown storage fencing '" + id
                + "'; valid: " + Fencing.ids()));
    }

    private JsonNode object(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isObject()) {
            throw missing(field, "an object");
        }
        return n;
    }

    private String text(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isTextual()) {
            throw missing(field, "a string");
        }
        return n.asText();
    }

    private long number(JsonNode parent, String field, Long fallback) {
        JsonNode n = parent.get(field);
        if (n == null && fallback != null) {
            return fallback;
        }
        if (n == null || !n.canConvertToLong()) {
            throw missing(field, "an integer");
        }
        return n.asLong();
    }

    private Duration millis(JsonNode parent, String field, Long fallback) {
        return Duration.ofMillis(number(parent, field, fallback));
    }

    private List<String> strings(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isArray()) {
            throw missing(field, "an array of strings");
        }
        List<String> out = new ArrayList<>();
        n.forEach(item -> out.add(item.asText()));
        return out;
    }

    private WorkloadException missing(String field, String what) {
        return new WorkloadException(source + ": field '" + field + "' must be " + what
                + "; see WorkerConfigJson for the format");
    }
}
