package io.lockchaos.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.LockchaosException;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.storage.Fencing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes scenario files (JSON; times in ms). Every problem is a
 * {@link ScenarioException} naming the file, the field and what is allowed:
 * <pre>{@code
 * {"name": "redis-naive-no-fault", "description": "...", "topology": "redis-single",
 *  "lock": {"backend": "redis-naive", "ttlMs": 10000, "sessionTimeoutMs": 5000, "tokens": "redis-incr"},
 *  "storage": ["unfenced", "fenced"], "workers": 3, "locks": 1, "thinkMs": 20, "idleMs": 10,
 *  "acquireTimeoutMs": 5000, "durationMs": 30000, "quietMs": 1000, "schedule": "", "seed": 1,
 *  "expect": {"mutex": "valid", "ledger-unfenced": "valid"}}
 * }</pre>
 * A results folder's {@code scenario.json} is such a file plus a {@code resolved} object
 * (versions, image tags), which reading ignores.
 *
 * <p>A lock of the user's own: {@code "backend": "class:com.example.MyLock"} with
 * {@code "classpath": "classes"} (a jar or classes directory, or an array of them; relative to
 * the scenario file's folder or absolute), on any topology; the class is loaded and checked
 * here ({@link UserLockClass}), and {@code scenario.json} records the classpath as absolute paths.
 */
public final class ScenarioFile {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> FIELDS = Set.of("name", "description", "topology", "lock", "storage", "workers",
            "locks", "thinkMs", "idleMs", "acquireTimeoutMs", "durationMs", "quietMs", "schedule", "seed", "expect",
            "resolved", "designRow", "fault");
    private static final Set<String> LOCK_FIELDS = Set.of("backend", "ttlMs", "sessionTimeoutMs", "tokens", "options",
            "classpath");

    private final String source;
    private final Path dir;

    private ScenarioFile(String source, Path dir) {
        this.source = source;
        this.dir = dir;
    }

    /** Reads {@code file}. */
    public static Scenario read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file (" + e.getMessage() + ")", e);
        }
        return parse(text, file.toString(), file.toAbsolutePath().getParent());
    }

    /**
     * Reads scenario JSON given as text; {@code source} names it in messages; a relative
     * {@code lock.classpath} is taken from the current directory.
     */
    public static Scenario parse(String json, String source) {
        return parse(json, source, Path.of("").toAbsolutePath());
    }

    /** Reads scenario JSON given as text, a relative {@code lock.classpath} taken from {@code dir}. */
    public static Scenario parse(String json, String source, Path dir) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ScenarioException(source + ": not JSON (" + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(source + ": a scenario is a JSON object; see scenarios/README.md");
        }
        return new ScenarioFile(source, dir).scenario(root);
    }

    private Scenario scenario(JsonNode root) {
        known(root, FIELDS, "");
        Topology topology = topology(text(root, "topology", null));
        LockSpec lock = lock(object(root, "lock"), topology);
        List<Fencing> storage = storage(root);
        if (storage.stream().anyMatch(Fencing::needsTokens) && !lock.hasTokens()) {
            throw bad("lock.tokens", "'none', but storage " + storage.stream().map(Fencing::id).toList()
                    + " fences: a fenced store needs tokens", "redis-incr or zk (or a curator lock, which has its own)");
        }
        String schedule = text(root, "schedule", "");
        try {
            SchedulePlan.parse(source + " field 'schedule'", schedule);
        } catch (LockchaosException e) {
            throw new ScenarioException(e.getMessage(), e);
        }
        Scenario s = new Scenario(text(root, "name", null), text(root, "description", ""), topology, lock, storage,
                positive(root, "workers", null), positive(root, "locks", 1L), millis(root, "thinkMs", 20L),
                millis(root, "idleMs", 10L), millis(root, "acquireTimeoutMs", 5000L),
                Duration.ofMillis(positive(root, "durationMs", null)), millis(root, "quietMs", 1000L), schedule,
                number(root, "seed", 1L), Map.of());
        if (!s.name().matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw bad("name", "'" + s.name() + "'", "letters, digits, '.', '_' and '-' (it names the results folder)");
        }
        return new Scenario(s.name(), s.description(), s.topology(), s.lock(), s.storage(), s.workers(), s.locks(),
                s.think(), s.idle(), s.acquireTimeout(), s.duration(), s.quiet(), s.schedule(), s.seed(),
                expect(root, s.checkNames()));
    }

    private Topology topology(String id) {
        try {
            return Topology.parse(id);
        } catch (Topology.UnknownTopologyException e) {
            throw bad("topology", "'" + id + "'", Topology.validIds());
        }
    }

    private LockSpec lock(JsonNode lock, Topology topology) {
        known(lock, LOCK_FIELDS, "lock.");
        String backend = text(lock, "backend", null);
        List<Path> classpath = classpath(lock, backend);
        Topology needed = ClassBackend.names(backend) ? topology : LockSpec.TOPOLOGIES.get(backend);
        if (needed == null) {
            throw bad("lock.backend", "'" + backend + "'",
                    String.join(", ", new java.util.TreeSet<>(LockSpec.TOPOLOGIES.keySet()))
                            + ", or class:NAME (a lock class of your own, with lock.classpath)");
        }
        if (needed != topology) {
            throw bad("topology", "'" + topology.id() + "', but lock backend " + backend + " runs on another",
                    needed.id());
        }
        String tokens = tokens(lock, topology);
        Map<String, String> options = new LinkedHashMap<>();
        JsonNode opts = lock.get("options");
        if (opts != null && !opts.isObject()) {
            throw bad("lock.options", opts.toString(), "an object of backend options, e.g. {\"node-timeout-ms\": \"20\"}");
        }
        if (opts != null) {
            opts.fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
        }
        return new LockSpec(backend, Duration.ofMillis(positive(lock, "ttlMs", 10_000L)),
                Duration.ofMillis(positive(lock, "sessionTimeoutMs", 5000L)), tokens, options, classpath,
                ClassBackend.names(backend) && userClassHasTokens(backend, classpath));
    }

    /**
     * {@code lock.tokens}, if the topology has what it needs ({@code zk} on a Redis topology gets
     * a standalone ZooKeeper for the tokens, {@code zk-tokens}).
     */
    private String tokens(JsonNode lock, Topology topology) {
        String tokens = text(lock, "tokens", "none");
        if (!LockSpec.TOKEN_SOURCES.contains(tokens)) {
            throw bad("lock.tokens", "'" + tokens + "'", String.join(", ", LockSpec.TOKEN_SOURCES));
        }
        if (tokens.equals("redis-incr") && topology == Topology.ZOOKEEPER) {
            throw bad("lock.tokens", "'redis-incr', but topology zookeeper has no Redis lock service",
                    "zk or none on this topology");
        }
        return tokens;
    }

    /** {@code lock.classpath}: one entry or an array, each resolved and checked to exist; only for class backends. */
    private List<Path> classpath(JsonNode lock, String backend) {
        JsonNode n = lock.get("classpath");
        if (n == null) {
            return List.of();
        }
        if (!ClassBackend.names(backend)) {
            throw bad("lock.classpath", "given for the built-in backend " + backend,
                    "only with a backend class:NAME; drop the field");
        }
        List<JsonNode> items = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(items::add);
        } else {
            items.add(n);
        }
        List<Path> entries = new ArrayList<>();
        for (JsonNode item : items) {
            if (!item.isTextual() || item.asText().isBlank()) {
                throw bad("lock.classpath", item.toString(),
                        "a path or an array of paths (jars, classes directories)");
            }
            Path entry = dir.resolve(item.asText()).toAbsolutePath().normalize();
            boolean jar = Files.isRegularFile(entry) && entry.getFileName().toString().endsWith(".jar");
            if (!jar && !Files.isDirectory(entry)) {
                throw bad("lock.classpath", "'" + item.asText() + "' (" + entry + ", which is neither a jar nor a"
                        + " directory)", "a jar or a classes directory, relative to the scenario file's folder or"
                        + " absolute; compile the lock class first (examples/byo-lock/README.md shows how)");
            }
            entries.add(entry);
        }
        return entries;
    }

    private boolean userClassHasTokens(String backend, List<Path> classpath) {
        try {
            return UserLockClass.hasOwnTokens(backend, classpath);
        } catch (LockchaosException e) {
            throw new ScenarioException(source + ": field 'lock.backend': " + e.getMessage(), e);
        }
    }

    private List<Fencing> storage(JsonNode root) {
        JsonNode n = root.get("storage");
        List<JsonNode> items = new ArrayList<>();
        if (n != null && n.isTextual()) {
            items.add(n);
        } else if (n != null && n.isArray() && n.size() > 0) {
            n.forEach(items::add);
        } else {
            throw bad("storage", String.valueOf(n), "a storage mode or a non-empty array of distinct ones: "
                    + "unfenced, fenced, fenced-writes-only");
        }
        List<Fencing> modes = new ArrayList<>();
        for (JsonNode item : items) {
            Fencing f;
            try {
                f = Fencing.parse(item.asText());
            } catch (LockchaosException e) {
                throw bad("storage", item.toString(), "unfenced, fenced, fenced-writes-only");
            }
            if (modes.contains(f)) {
                throw bad("storage", "'" + f.id() + "' twice", "each mode at most once");
            }
            modes.add(f);
        }
        return modes;
    }

    private Map<String, Validity> expect(JsonNode root, List<String> checkNames) {
        Map<String, Validity> expect = new LinkedHashMap<>();
        JsonNode n = root.get("expect");
        if (n == null || n.isNull()) {
            return expect;
        }
        if (!n.isObject()) {
            throw bad("expect", n.toString(), "an object from check name to valid, invalid or unknown");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!checkNames.contains(e.getKey())) {
                throw bad("expect." + e.getKey(), "not a check of this scenario", String.join(", ", checkNames));
            }
            String v = e.getValue().asText().toUpperCase(Locale.ROOT);
            if (!e.getValue().isTextual() || !Set.of("VALID", "INVALID", "UNKNOWN").contains(v)) {
                throw bad("expect." + e.getKey(), e.getValue().toString(), "valid, invalid or unknown");
            }
            expect.put(e.getKey(), Validity.valueOf(v));
        }
        return expect;
    }

    /**
     * The schedule a recorded run played: {@code resolved.schedule} of a results folder's
     * {@code scenario.json} (a random schedule as drawn), if it has one.
     */
    public static java.util.Optional<String> resolvedSchedule(Path scenarioJson) {
        try {
            JsonNode schedule = JSON.readTree(Files.readString(scenarioJson)).path("resolved").path("schedule");
            return schedule.isTextual() ? java.util.Optional.of(schedule.asText()) : java.util.Optional.empty();
        } catch (IOException e) {
            throw new ScenarioException(scenarioJson + ": cannot read the recorded schedule (" + e.getMessage() + ")", e);
        }
    }

    /** The scenario as JSON, in the shape {@link #read} reads, plus {@code resolved} when not null. */
    public static String toJson(Scenario s, Map<String, String> resolved) {
        ObjectNode root = JSON.createObjectNode();
        root.put("name", s.name());
        root.put("description", s.description());
        root.put("topology", s.topology().id());
        ObjectNode lock = root.putObject("lock");
        lock.put("backend", s.lock().backend());
        lock.put("ttlMs", s.lock().ttl().toMillis());
        lock.put("sessionTimeoutMs", s.lock().sessionTimeout().toMillis());
        lock.put("tokens", s.lock().tokens());
        ObjectNode options = lock.putObject("options");
        s.lock().options().forEach(options::put);
        s.lock().classpath().forEach(p -> lock.withArray("classpath").add(p.toString()));
        s.storage().forEach(f -> root.withArray("storage").add(f.id()));
        root.put("workers", s.workers());
        root.put("locks", s.locks());
        root.put("thinkMs", s.think().toMillis());
        root.put("idleMs", s.idle().toMillis());
        root.put("acquireTimeoutMs", s.acquireTimeout().toMillis());
        root.put("durationMs", s.duration().toMillis());
        root.put("quietMs", s.quiet().toMillis());
        root.put("schedule", s.schedule());
        root.put("seed", s.seed());
        ObjectNode expect = root.putObject("expect");
        s.expect().forEach((k, v) -> expect.put(k, v.word()));
        if (resolved != null) {
            ObjectNode r = root.putObject("resolved");
            resolved.forEach(r::put);
        }
        return root.toPrettyString();
    }

    private void known(JsonNode node, Set<String> fields, String prefix) {
        node.fieldNames().forEachRemaining(f -> {
            if (!fields.contains(f)) {
                throw bad(prefix + f, "an unknown field", String.join(", ", new java.util.TreeSet<>(fields)));
            }
        });
    }

    private JsonNode object(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isObject()) {
            throw bad(field, String.valueOf(n), "an object");
        }
        return n;
    }

    private String text(JsonNode parent, String field, String fallback) {
        JsonNode n = parent.get(field);
        if (n == null && fallback != null) {
            return fallback;
        }
        if (n == null || !n.isTextual()) {
            throw bad(field, String.valueOf(n), "a string");
        }
        return n.asText();
    }

    private long number(JsonNode parent, String field, Long fallback) {
        JsonNode n = parent.get(field);
        if (n == null && fallback != null) {
            return fallback;
        }
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
            throw bad(field, String.valueOf(n), "an integer");
        }
        return n.asLong();
    }

    private int positive(JsonNode parent, String field, Long fallback) {
        long v = number(parent, field, fallback);
        if (v < 1 || v > Integer.MAX_VALUE) {
            throw bad(field, Long.toString(v), "an integer of 1 or more");
        }
        return (int) v;
    }

    private Duration millis(JsonNode parent, String field, Long fallback) {
        long v = number(parent, field, fallback);
        if (v < 0) {
            throw bad(field, Long.toString(v), "0 or more milliseconds");
        }
        return Duration.ofMillis(v);
    }

    private ScenarioException bad(String field, String found, String allowed) {
        return new ScenarioException(source + ": field '" + field + "' is " + found + "; allowed: " + allowed);
    }
}
