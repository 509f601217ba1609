package io.lockchaos.harness.run;

import io.lockchaos.cluster.Topology;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.backend.LockBackends;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.worker.WorkerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one pass that checks a scenario's values before anything starts (its types were checked
 * when it was read): every problem is a {@link ScenarioException} that names the field by its
 * full path ({@code lock.ttlMs}, {@code lock.options.zk-root}), or the command-line option that
 * set it, with what it is and what is allowed. The backend, its topology, token source and
 * options come from {@link LockBackends}; the schedule's steps from {@link ScheduleCheck}.
 */
public final class ScenarioCheck {

    /**
     * The most workers a run may start over all its lanes: each is a container with a JVM of
     * {@code -Xmx256m}; how the number was chosen is in scenarios/README.md ("workers").
     */
    public static final int MAX_TOTAL_WORKERS = 48;

    /** The most threads one worker runs (each a process of the history, in a JVM of {@code -Xmx256m}). */
    public static final int MAX_THREADS = 32;

    /** The longest any time in a scenario may be: 7 days, in milliseconds. */
    static final long MAX_MILLIS = Duration.ofDays(7).toMillis();

    private final Where where;

    private ScenarioCheck(Where where) {
        this.where = where;
    }

    /**
     * Names what is being checked in messages: a file's fields ({@code s.json: field 'workers'}),
     * except those a command-line option set ({@code --workers}).
     *
     * @param file the scenario file or name
     * @param options field name to the option that set it
     */
    public record Where(String file, Map<String, String> options) {
        public Where {
            options = Map.copyOf(options);
        }

        /** A file's fields, none set by an option. */
        public static Where file(String file) {
            return new Where(file, Map.of());
        }

        String field(String name) {
            String option = options.get(name);
            return option != null ? option : file + ": field '" + name + "'";
        }

        String schedule() {
            String option = options.get("schedule");
            return option != null ? option : file + " field 'schedule'";
        }
    }

    /**
     * {@code s} checked, with {@code lock.classpath} made absolute against {@code dir} and a
     * lock class's tokens found by loading it.
     *
     * @throws ScenarioException for the first problem
     */
    /** The longest scenario name: a folder name, with room below the file systems' 255 bytes. */
    static final int MAX_NAME = 200;

    public static Scenario check(Scenario s, Where where, Path dir) {
        ScenarioCheck c = new ScenarioCheck(where);
        if (!s.name().matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw c.bad("name", "'" + s.name() + "'", "letters, digits, '.', '_' and '-' (it names the results folder)");
        }
        if (s.name().length() > MAX_NAME) {
            throw c.bad("name", "a name of " + s.name().length() + " characters ('" + s.name().substring(0, 20) + "...')",
                    "at most " + MAX_NAME + " characters (it names the results folder, and a file name has at most 255)");
        }
        LockSpec lock = c.lock(s, dir);
        c.storage(s.storage(), lock);
        c.counts(s);
        c.times(s);
        c.expect(s);
        Scenario checked = s.withLock(lock);
        ScheduleCheck.check(checked, s.schedule(), where.schedule());
        return checked;
    }

    private LockSpec lock(Scenario s, Path dir) {
        LockSpec lock = s.lock();
        LockBackend backend = LockBackends.find(lock.backend()).orElseThrow(() -> bad("lock.backend",
                "'" + lock.backend() + "'", String.join(", ", new TreeSet<>(LockBackends.names()))
                        + ", or class:NAME (a lock class of your own, with lock.classpath)"));
        if (!backend.runsOn(s.topology().typedName())) {
            throw bad("topology", "'" + s.topology().id() + "', but lock backend " + lock.backend()
                    + " runs on another", backend.topologyNames());
        }
        positive("lock.ttlMs", lock.ttl());
        if (!backend.grants(lock.ttl()) && backend.onlyTtl().isPresent()) {
            long only = backend.onlyTtl().get().toMillis();
            throw bad("lock.ttlMs", lock.ttl().toMillis() + ", but backend " + backend.name() + "'s servers grant only "
                    + only + " ms (a server setting)", Long.toString(only));
        }
        if (!backend.grants(lock.ttl())) {
            throw bad("lock.ttlMs", lock.ttl().toMillis() + ", but backend " + backend.name() + " grants its lease in"
                    + " whole units of " + backend.ttlUnit().toMillis() + " ms", "a multiple of "
                    + backend.ttlUnit().toMillis() + " (e.g. " + 2 * backend.ttlUnit().toMillis() + ")");
        }
        positive("lock.sessionTimeoutMs", lock.sessionTimeout());
        tokens(lock.tokens(), s.topology());
        lock.options().forEach((key, value) -> option(backend, key, value));
        String atLeast = lock.options().get(LockConfig.LOCK_AT_LEAST_FOR_MS);
        if (atLeast != null && Long.parseLong(atLeast) > lock.ttl().toMillis()) {
            throw bad("lock.options." + LockConfig.LOCK_AT_LEAST_FOR_MS, "'" + atLeast + "', more than lock.ttlMs ("
                    + lock.ttl().toMillis() + ", ShedLock's lockAtMostFor)", "1 to " + lock.ttl().toMillis());
        }
        boolean byClass = ClassBackend.names(lock.backend());
        List<Path> classpath = classpath(lock, byClass, dir);
        boolean classTokens = byClass && userClassHasTokens(lock.backend(), classpath);
        ownTokens(lock.tokens(), backend, classTokens);
        if (lock.reenter() && !backend.reentrancy().reentrant()) {
            throw bad("lock.reenter", "true, but backend " + backend.name() + " is not declared reentrant (a second"
                    + " grant to its holder would be a second grant of a held lock)", "false, or a reentrant backend: "
                    + String.join(", ", LockBackends.BUILT_IN.stream().filter(b -> b.reentrancy().reentrant())
                            .map(LockBackend::name).toList()));
        }
        return new LockSpec(lock.backend(), lock.ttl(), lock.sessionTimeout(), lock.tokens(), lock.options(), classpath,
                classTokens, lock.reenter());
    }

    /**
     * {@code lock} names the lock's own tokens, so the lock must have them; a built-in backend
     * with tokens of its own takes no other source (its worker would refuse it). A user's class
     * with tokens of its own may be given a source, which replaces them.
     */
    private void ownTokens(Tokens source, LockBackend backend, boolean classTokens) {
        String tokens = source.id();
        if (source == Tokens.LOCK && !backend.ownTokens() && !classTokens) {
            throw bad("lock.tokens", "'" + tokens + "', but backend " + backend.name() + " has no tokens of its own",
                    Tokens.NONE.id() + ", " + Tokens.REDIS_INCR.id() + " or " + Tokens.ZK.id()
                            + " (lock is for a lock with its own fencing tokens, such as redisson-fenced)");
        }
        if (source.addsSource() && backend.ownTokens()) {
            throw bad("lock.tokens", "'" + tokens + "', but backend " + backend.name() + " has tokens of its own",
                    Tokens.LOCK.id() + " or " + Tokens.NONE.id() + " (both mean the lock's own)");
        }
    }

    private void tokens(Tokens tokens, Topology topology) {
        if (!tokens.fits(topology.descriptor().redisService())) {
            throw bad("lock.tokens", "'" + tokens.id() + "', but topology " + topology.id() + " has no Redis lock service",
                    "zk or none on this topology");
        }
    }

    private void option(LockBackend backend, String key, String value) {
        if (LockSpec.VIA_PROXY.equals(key)) {
            if (!value.equals("true") && !value.equals("false")) {
                throw bad("lock.options." + key, "'" + value + "'", "\"true\" or \"false\"");
            }
            return;
        }
        if (!backend.takes(key)) {
            String allowed = backend.options().isEmpty() ? LockSpec.VIA_PROXY : backend.optionNames() + ", " + LockSpec.VIA_PROXY;
            throw bad("lock.options." + key, "not an option of backend " + backend.name(), allowed
                    + (LockConfig.TOKENS.equals(key) ? " (name the token source in lock.tokens)" : ""));
        }
        backend.option(key).filter(o -> !o.type().accepts(value)).ifPresent(o -> {
            throw bad("lock.options." + key, "'" + value + "'", o.type().allowed());
        });
    }

    /** {@code lock.classpath}: only for class backends; each entry resolved against {@code dir} and there. */
    private List<Path> classpath(LockSpec lock, boolean byClass, Path dir) {
        if (lock.classpath().isEmpty()) {
            return List.of();
        }
        if (!byClass) {
            throw bad("lock.classpath", "given for the built-in backend " + lock.backend(),
                    "only with a backend class:NAME; drop the field");
        }
        List<Path> entries = new ArrayList<>();
        for (Path given : lock.classpath()) {
            Path entry = dir.resolve(given).toAbsolutePath().normalize();
            boolean jar = Files.isRegularFile(entry) && entry.getFileName().toString().endsWith(".jar");
            if (given.toString().isBlank() || (!jar && !Files.isDirectory(entry))) {
                throw bad("lock.classpath", "'" + given + "' (" + entry + ", which is neither a jar nor a"
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
            throw new ScenarioException(where.field("lock.backend") + ": " + e.getMessage(), e);
        }
    }

    private void storage(List<Fencing> storage, LockSpec lock) {
        if (storage.isEmpty()) {
            throw bad("storage", "[]", "a storage mode or a non-empty array of distinct ones: " + Fencing.ids());
        }
        if (new HashSet<>(storage).size() < storage.size()) {
            throw bad("storage", storage.stream().map(Fencing::id).toList() + ", a mode twice", "each mode at most once");
        }
        if (storage.contains(Fencing.GUARDED) && !lock.backend().equals(WorkerConfig.StorageConfig.GUARDED_BACKEND)) {
            throw bad("storage", storage.stream().map(Fencing::id).toList() + " with lock backend " + lock.backend()
                    + ": 'guarded' keeps its ledger in the lock's etcd and guards each write by the holder's etcd lock key",
                    "lock.backend " + WorkerConfig.StorageConfig.GUARDED_BACKEND + ", or drop 'guarded' ('fenced' works"
                    + " with every lock that has tokens)");
        }
        if (storage.stream().anyMatch(Fencing::needsTokens) && !lock.hasTokens()) {
            throw bad("lock.tokens", "'none', but storage " + storage.stream().map(Fencing::id).toList()
                    + " fences: a fenced store needs tokens", "redis-incr or zk (or a curator lock, which has its own)");
        }
    }

    private void counts(Scenario s) {
        int perLane = MAX_TOTAL_WORKERS / s.storage().size();
        if (s.workers() < 1 || s.workers() > perLane) {
            throw bad("workers", Integer.toString(s.workers()), "1 to " + perLane + " per storage mode ("
                    + MAX_TOTAL_WORKERS + " worker containers in all, what the machine holds)");
        }
        if (s.threads() < 1 || s.threads() > MAX_THREADS) {
            throw bad("threads", Integer.toString(s.threads()), "1 to " + MAX_THREADS + " threads per worker, each a"
                    + " process of its own over the worker's one lock client (default 1)");
        }
        if (s.locks() < 1) {
            throw bad("locks", Integer.toString(s.locks()), "an integer of 1 or more");
        }
    }

    private void times(Scenario s) {
        positive("durationMs", s.duration());
        for (Map.Entry<String, Duration> t : List.of(Map.entry("thinkMs", s.think()), Map.entry("idleMs", s.idle()),
                Map.entry("tickMs", s.tick()), Map.entry("acquireTimeoutMs", s.acquireTimeout()),
                Map.entry("quietMs", s.quiet()))) {
            if (t.getValue().isNegative() || t.getValue().toMillis() > MAX_MILLIS) {
                throw bad(t.getKey(), Long.toString(t.getValue().toMillis()), "0 to " + MAX_MILLIS + " milliseconds");
            }
        }
        if (s.ticks() && s.acquireTimeout().compareTo(s.tick()) >= 0) {
            throw bad("acquireTimeoutMs", s.acquireTimeout().toMillis() + " with tickMs " + s.tick().toMillis()
                    + ": an acquire that waits a whole tick would run a tick's job in the next one",
                    "less than tickMs (0: one attempt at each tick, as ShedLock's scheduler makes)");
        }
    }

    private void positive(String field, Duration d) {
        if (d.toMillis() < 1 || d.toMillis() > MAX_MILLIS) {
            throw bad(field, Long.toString(d.toMillis()), "1 to " + MAX_MILLIS + " milliseconds (7 days)");
        }
    }

    private void expect(Scenario s) {
        List<String> names = s.checkNames();
        s.expect().keySet().stream().filter(k -> !names.contains(k)).findFirst().ifPresent(k -> {
            throw bad("expect." + k, "not a check of this scenario", String.join(", ", names));
        });
    }

    private ScenarioException bad(String field, String found, String allowed) {
        return new ScenarioException(where.field(field) + " is " + found + "; allowed: " + allowed);
    }
}
