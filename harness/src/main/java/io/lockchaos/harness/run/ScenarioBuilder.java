package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.history.ops.Fencing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * A scenario in code, one method per field of the scenario file (see {@link ScenarioFile} and
 * scenarios/README.md): {@link #lock(Class)}, {@link #ttl}, {@link #sessionTimeout},
 * {@link #tokens}, {@link #option} and {@link #classpath} fill the file's {@code lock} object;
 * the others the top-level field of the same name. Start one with {@link Scenario#on}:
 * <pre>{@code
 * Scenario s = Scenario.on(Topology.REDIS_SINGLE).name("watchdog-pause")
 *         .lock(WatchdogRedisLock.class).ttl(Duration.ofSeconds(2)).tokens(Tokens.REDIS_INCR)
 *         .storage(Fencing.UNFENCED, Fencing.FENCED).workers(2).duration(Duration.ofSeconds(12))
 *         .schedule("at 3s pause holder-unfenced,holder-fenced for 5s")
 *         .build();
 * }</pre>
 * The builder holds nothing but the file's JSON ({@link #toJson()}); {@link #build()} reads that
 * text back through {@link ScenarioFile#parse}, so a built scenario gets the same defaults, the
 * same checks and the same messages as a file, and a fault in one is a fault in the other. A
 * field left out takes the file's default; {@code name}, {@code lock}, {@code storage},
 * {@code workers} and {@code duration} are required.
 */
public final class ScenarioBuilder {

    private final ObjectNode root = JsonNodeFactory.instance.objectNode();

    ScenarioBuilder(Topology topology) {
        root.put("topology", topology.id());
    }

    /** {@code name}: names the results folder; letters, digits, {@code .}, {@code _} and {@code -}. */
    public ScenarioBuilder name(String name) {
        root.put("name", name);
        return this;
    }

    /** {@code name}, unless one was given already. */
    public ScenarioBuilder nameIfUnset(String name) {
        return root.has("name") ? this : name(name);
    }

    /** {@code description}: one line for people. */
    public ScenarioBuilder description(String text) {
        root.put("description", text);
        return this;
    }

    /** {@code lock.backend}: a built-in backend ({@code redis-naive}, {@code redlock}, ...) or {@code class:NAME}. */
    public ScenarioBuilder lock(String backend) {
        lockNode().put("backend", backend);
        return this;
    }

    /** {@code lock.backend}: a built-in backend ({@code Backend.REDISSON}). */
    public ScenarioBuilder lock(io.lockchaos.workloads.backend.Backend backend) {
        return lock(backend.id());
    }

    /** {@code lock.backend}: {@code class:} and the name of a lock class of one's own. */
    public ScenarioBuilder lock(Class<? extends LockClient> type) {
        return lock(ClassBackend.PREFIX + type.getName());
    }

    /** {@code lock.ttlMs}: a Redis lock's time to live. */
    public ScenarioBuilder ttl(Duration ttl) {
        lockNode().put("ttlMs", ttl.toMillis());
        return this;
    }

    /** {@code lock.sessionTimeoutMs}: ZooKeeper's session timeout and every Redis request's timeout. */
    public ScenarioBuilder sessionTimeout(Duration timeout) {
        lockNode().put("sessionTimeoutMs", timeout.toMillis());
        return this;
    }

    /** {@code lock.tokens}: where fencing tokens come from. */
    public ScenarioBuilder tokens(Tokens tokens) {
        lockNode().put("tokens", tokens.id());
        return this;
    }

    /** {@code lock.reenter}: every worker, once granted, acquires the lock again and releases twice (a reentrant backend only). */
    public ScenarioBuilder reenter(boolean reenter) {
        lockNode().put("reenter", reenter);
        return this;
    }

    /** One entry of {@code lock.options}. */
    public ScenarioBuilder option(String key, String value) {
        ObjectNode options = lockNode().has("options") ? (ObjectNode) lockNode().get("options")
                : lockNode().putObject("options");
        options.put(key, value);
        return this;
    }

    /** {@code lock.classpath}: jars and classes directories that hold a {@code class:} backend. */
    public ScenarioBuilder classpath(List<Path> entries) {
        var array = lockNode().putArray("classpath");
        entries.forEach(e -> array.add(e.toString()));
        return this;
    }

    /** {@code lock.classpath} from {@code entries}, when the backend is a class and no classpath was given. */
    public ScenarioBuilder classpathIfUnset(Supplier<List<Path>> entries) {
        boolean byClass = lockNode().path("backend").isTextual() && ClassBackend.names(lockNode().get("backend").asText());
        return byClass && !lockNode().has("classpath") ? classpath(entries.get()) : this;
    }

    /** {@code storage}: the storage modes side by side, one lane each. */
    public ScenarioBuilder storage(Fencing... modes) {
        var array = root.putArray("storage");
        for (Fencing f : modes) {
            array.add(f.id());
        }
        return this;
    }

    /** {@code store}: where the ledgers are (default {@code redis}). */
    public ScenarioBuilder store(io.lockchaos.workloads.storage.Store store) {
        root.put("store", store.id());
        return this;
    }

    /** {@code workers}: workers per lane. */
    public ScenarioBuilder workers(int workers) {
        root.put("workers", workers);
        return this;
    }

    /**
     * {@code threads}: threads per worker (default 1), each a process of its own in the history,
     * all of a worker's sharing its one lock client.
     */
    public ScenarioBuilder threads(int threads) {
        root.put("threads", threads);
        return this;
    }

    /** {@code locks}: locks (and ledgers) per lane. */
    public ScenarioBuilder locks(int locks) {
        root.put("locks", locks);
        return this;
    }

    /** {@code thinkMs}: time inside the critical section, between the read and the append. */
    public ScenarioBuilder think(Duration think) {
        root.put("thinkMs", think.toMillis());
        return this;
    }

    /** {@code idleMs}: up to this long between a release and the next acquire. */
    public ScenarioBuilder idle(Duration idle) {
        root.put("idleMs", idle.toMillis());
        return this;
    }

    /** {@code tickMs}: run a scheduled job, one acquire per tick of each worker's clock (0: no ticks). */
    public ScenarioBuilder tick(Duration tick) {
        root.put("tickMs", tick.toMillis());
        return this;
    }

    /** {@code acquireTimeoutMs}: how long one acquire may wait. */
    public ScenarioBuilder acquireTimeout(Duration timeout) {
        root.put("acquireTimeoutMs", timeout.toMillis());
        return this;
    }

    /** {@code durationMs}: how long workers start new cycles. */
    public ScenarioBuilder duration(Duration duration) {
        root.put("durationMs", duration.toMillis());
        return this;
    }

    /** {@code quietMs}: how long to wait after the workers stopped before the final read. */
    public ScenarioBuilder quiet(Duration quiet) {
        root.put("quietMs", quiet.toMillis());
        return this;
    }

    /** {@code schedule}: the fault script (one step a line) or one {@code random every ...} line. */
    public ScenarioBuilder schedule(String schedule) {
        root.put("schedule", schedule);
        return this;
    }

    /** {@code seed}: seeds each worker and a random schedule. */
    public ScenarioBuilder seed(long seed) {
        root.put("seed", seed);
        return this;
    }

    /** One entry of {@code expect}: the verdict {@code check} should reach ({@code mutex}, {@code ledger-fenced}, ...). */
    public ScenarioBuilder expect(String check, Validity verdict) {
        ObjectNode expect = root.has("expect") ? (ObjectNode) root.get("expect") : root.putObject("expect");
        expect.put(check, verdict.word());
        return this;
    }

    /** The scenario file this builder stands for: what {@link #build()} reads. */
    public String toJson() {
        return root.toPrettyString();
    }

    /**
     * The scenario, read from {@link #toJson()} as a scenario file is read (a relative
     * {@code lock.classpath} taken from the working directory).
     *
     * @throws ScenarioException naming the field, exactly as for a file
     */
    public Scenario build() {
        String name = root.path("name").asText("(no name)");
        return ScenarioFile.parse(toJson(), "the scenario built as '" + name + "'");
    }

    private ObjectNode lockNode() {
        return root.has("lock") ? (ObjectNode) root.get("lock") : root.putObject("lock");
    }
}
