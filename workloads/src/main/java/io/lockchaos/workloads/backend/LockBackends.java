package io.lockchaos.workloads.backend;

import static io.lockchaos.workloads.lock.TopologyName.ETCD;
import static io.lockchaos.workloads.lock.TopologyName.HAZELCAST;
import static io.lockchaos.workloads.lock.TopologyName.POSTGRES;
import static io.lockchaos.workloads.lock.TopologyName.POSTGRES_PGBOUNCER;
import static io.lockchaos.workloads.lock.TopologyName.REDIS_REPLICATED;
import static io.lockchaos.workloads.lock.TopologyName.REDIS_SINGLE;
import static io.lockchaos.workloads.lock.TopologyName.REDLOCK;
import static io.lockchaos.workloads.lock.TopologyName.ZOOKEEPER;

import io.lockchaos.history.ops.Reentrancy;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.etcd.EtcdLock;
import io.lockchaos.workloads.etcd.EtcdTtl;
import io.lockchaos.workloads.hazelcast.HazelcastFencedLock;
import io.lockchaos.workloads.hazelcast.HazelcastMember;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LeaseTerm;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.LockOption;
import io.lockchaos.workloads.postgres.PgAdvisoryLock;
import io.lockchaos.workloads.redis.NaiveRedisLock;
import io.lockchaos.workloads.redis.RedisNode;
import io.lockchaos.workloads.redis.Redlock;
import io.lockchaos.workloads.redis.SentinelMaster;
import io.lockchaos.workloads.redisson.RedissonLocks;
import io.lockchaos.workloads.shedlock.ShedLockJdbcLock;
import io.lockchaos.workloads.shedlock.ShedLockRedisLock;
import io.lockchaos.workloads.spring.SpringJdbcLock;
import io.lockchaos.workloads.spring.SpringRedisLock;
import io.lockchaos.workloads.zk.CuratorLock;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.Optional;

/**
 * Every lock backend, as {@link LockBackend} descriptors: the one list that the worker opens
 * clients from ({@link LockClients#open}) and that a scenario's {@code lock} is checked
 * against.
 * <ul>
 *   <li>{@code redis-naive} (redis-single): nodes = the one master;</li>
 *   <li>{@code redis-sentinel} (redis-replicated): nodes = the Sentinels; option {@code sentinel-master};</li>
 *   <li>{@code redlock} (redlock): nodes = the independent masters (5); option {@code node-timeout-ms};</li>
 *   <li>{@code curator}, {@code curator-cautious} (zookeeper): nodes = the ensemble; option
 *       {@code zk-root}; tokens of their own: the lock node's czxid;</li>
 *   <li>{@code redisson}, {@code redisson-lease}, {@code redisson-fenced} (redis-single: nodes = the
 *       master; redis-replicated: nodes = the Sentinels, Redisson's own Sentinel client, option
 *       {@code sentinel-master}): Redisson's {@code RLock} with the watchdog, with a lease time, and
 *       its {@code RFencedLock}, whose tokens are its own;</li>
 *   <li>{@code spring-redis}, {@code shedlock-redis} (redis-single): nodes = the one master; Spring
 *       Integration's {@code RedisLockRegistry} and ShedLock's Redis provider, the TTL as their
 *       {@code expireAfter} and {@code lockAtMostFor}; spring-redis option {@code cache-capacity},
 *       shedlock-redis option {@code safe-update};</li>
 *   <li>{@code etcd} (etcd): nodes = the members; jetcd's Lock API on a lease of the TTL (whole
 *       seconds), kept alive by jetcd; tokens of its own: the lock key's create revision;</li>
 *   <li>{@code pg-advisory}, {@code pg-advisory-xact} (postgres: nodes = the server; postgres-pgbouncer:
 *       nodes = PgBouncer): PostgreSQL's advisory locks on a session and in a transaction, tokens of
 *       their own (a sequence);</li>
 *   <li>{@code shedlock-jdbc}, {@code shedlock-jdbc-dbtime}, {@code spring-jdbc} (postgres: nodes = the
 *       server): ShedLock's JDBC provider without and with {@code usingDbTime()}, Spring Integration's
 *       {@code JdbcLockRegistry}; the TTL as {@code lockAtMostFor} and the repository's TTL;</li>
 *   <li>{@code class:NAME} (any topology): a user's class ({@link ClassBackend}); any option.</li>
 * </ul>
 */
public final class LockBackends {

    private static final String DEFAULT_ZK_ROOT = "/lockchaos/locks";

    /** The ShedLock backends' {@code lockAtLeastFor}. */
    private static final LockOption LOCK_AT_LEAST_FOR = new LockOption(LockConfig.LOCK_AT_LEAST_FOR_MS,
            LockOption.Type.MILLIS, "ShedLock's lockAtLeastFor: the unlock keeps the lock until this long after it was"
            + " asked for (0; at most lock.ttlMs, ShedLock's lockAtMostFor)");

    /** The built-in backends, in the order messages list them. */
    public static final List<LockBackend> BUILT_IN = List.of(
            new LockBackend("redis-naive", List.of(REDIS_SINGLE), false, List.of(), false, LockBackends::naive),
            new LockBackend("redis-sentinel", List.of(REDIS_REPLICATED), false,
                    List.of(new LockOption(LockConfig.SENTINEL_MASTER, LockOption.Type.TEXT,
                            "the master name the Sentinels watch (lockchaos)")), false, LockBackends::sentinel),
            new LockBackend("redlock", List.of(REDLOCK), false,
                    List.of(new LockOption(LockConfig.NODE_TIMEOUT_MS, LockOption.Type.MILLIS,
                            "each master's request timeout (1 % of the TTL, at least 5 ms)")), false,
                    LockBackends::redlock),
            curator("curator", false),
            curator("curator-cautious", true),
            redisson("redisson", false, RedissonLocks::watchdog).timedBy(LeaseTerm.ttl("watchdog")),
            redisson("redisson-lease", false, RedissonLocks::lease).timedBy(LeaseTerm.ttl("lease")),
            redisson("redisson-fenced", true, RedissonLocks::fenced).timedBy(LeaseTerm.ttl("watchdog")),
            new LockBackend("spring-redis", List.of(REDIS_SINGLE), false,
                    List.of(new LockOption(LockConfig.CACHE_CAPACITY, LockOption.Type.COUNT,
                            "RedisLockRegistry's cacheCapacity: locks kept in its local cache (100000)")), false,
                    LockBackends::springRedis).timedBy(LeaseTerm.ttl("expire-after")),
            new LockBackend("shedlock-redis", List.of(REDIS_SINGLE), false,
                    List.of(new LockOption(LockConfig.SAFE_UPDATE, LockOption.Type.BOOLEAN,
                            "ShedLock's safeUpdate: unlock by compare-and-delete, not a plain DEL (false)"),
                            LOCK_AT_LEAST_FOR), false,
                    LockBackends::shedLock).timedBy(LeaseTerm.ttl("lock-at-most-for")),
            new LockBackend("etcd", List.of(ETCD), true, List.of(), false, LockBackends::etcd, EtcdTtl.UNIT)
                    .toldBy("jetcd's keep-alive of the lease ending (an error, or no answer within the TTL)")
                    .timedBy(LeaseTerm.ttl("lease")),
            new LockBackend("hazelcast-fenced", List.of(HAZELCAST), true, List.of(), false, LockBackends::hazelcastFenced,
                    Duration.ofSeconds(1), Optional.of(HazelcastMember.SESSION_TTL)).reentrant(Reentrancy.SAME_TOKEN)
                    .timedBy(LeaseTerm.ttl("session-ttl")),
            pgAdvisory(PgAdvisoryLock.Scope.SESSION),
            pgAdvisory(PgAdvisoryLock.Scope.TRANSACTION),
            shedLockJdbc("shedlock-jdbc", false),
            shedLockJdbc("shedlock-jdbc-dbtime", true),
            new LockBackend("spring-jdbc", List.of(POSTGRES), false, List.of(), false, LockBackends::springJdbc));

    /**
     * A lock class of the user's, {@code class:NAME}: any topology, any option (its class reads
     * them), tokens of its own when the class implements {@link FencingTokens}.
     */
    public static final LockBackend CLASS = new LockBackend(ClassBackend.PREFIX + "NAME", List.of(), false,
            List.of(new LockOption(LockConfig.SENTINEL_MASTER, LockOption.Type.TEXT,
                    "with redis-incr tokens on redis-replicated: the master name the Sentinels watch")),
            true, LockClients::openClass).toldBy("the class's grants' own GrantWatch, if it has one");

    private LockBackends() {
    }

    /** The built-in backends' names. */
    public static List<String> names() {
        return BUILT_IN.stream().map(LockBackend::name).toList();
    }

    /** The backend {@code name}: a built-in one, or {@link #CLASS} for {@code class:...}. */
    public static Optional<LockBackend> find(String name) {
        if (ClassBackend.names(name)) {
            return Optional.of(CLASS);
        }
        return BUILT_IN.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /**
     * The backend {@code name}.
     *
     * @throws WorkloadException naming the valid backends
     */
    public static LockBackend of(String name) {
        return find(name).orElseThrow(() -> new WorkloadException("unknown lock backend '" + name
                + "'; valid backends: " + String.join(", ", names())));
    }

    private static LockBackend curator(String name, boolean cautious) {
        return new LockBackend(name, List.of(ZOOKEEPER), true,
                List.of(new LockOption(LockConfig.ZK_ROOT, LockOption.Type.ZK_PATH,
                        "the ZooKeeper path the lock nodes live under (" + DEFAULT_ZK_ROOT + ")")), false,
                (config, hosts) -> CuratorLock.open(config.addresses(), config.sessionTimeout(),
                        config.option(LockConfig.ZK_ROOT, DEFAULT_ZK_ROOT), cautious))
                .toldBy("Curator's connection state SUSPENDED or LOST").reentrant(Reentrancy.SAME_TOKEN)
                .timedBy(new LeaseTerm("session-timeout", LeaseTerm.Source.SESSION_TIMEOUT));
    }

    /**
     * A Redisson backend on a single Redis or, with option {@code sentinel-master} (which a
     * redis-replicated run sets), on the Sentinels; a token source when it has no tokens of its own.
     */
    private static LockBackend redisson(String name, boolean ownTokens, LockBackend.Factory open) {
        return new LockBackend(name, List.of(REDIS_SINGLE, REDIS_REPLICATED), ownTokens,
                List.of(new LockOption(LockConfig.SENTINEL_MASTER, LockOption.Type.TEXT,
                        "on redis-replicated: the master name the Sentinels watch (lockchaos)")), false,
                ownTokens ? open : (config, hosts) -> LockClients.nodeTokens(open.open(config, hosts), config, hosts));
    }

    /**
     * {@code pg-advisory} ({@code pg_try_advisory_lock}) or {@code pg-advisory-xact}
     * ({@code pg_try_advisory_xact_lock}) on the PostgreSQL node; tokens of their own (a sequence);
     * the TTL is not used and nothing but the connection times a grant.
     */
    private static LockBackend pgAdvisory(PgAdvisoryLock.Scope scope) {
        return new LockBackend(scope.backend(), List.of(POSTGRES, POSTGRES_PGBOUNCER), true, List.of(), false,
                (config, hosts) -> new PgAdvisoryLock(config.addresses().get(0), config.sessionTimeout(), scope))
                .toldBy("pgjdbc failing a call on the lock's connection (it has no callback)")
                .timedBy();
    }

    /**
     * ShedLock's JDBC provider on PostgreSQL, the TTL as {@code lockAtMostFor}, {@code dbTime}:
     * {@code usingDbTime()}; {@code zk} tokens for a fenced lane (the lock service has no Redis).
     */
    private static LockBackend shedLockJdbc(String name, boolean dbTime) {
        return new LockBackend(name, List.of(POSTGRES), false, List.of(LOCK_AT_LEAST_FOR), false,
                (config, hosts) -> LockClients.withTokens(ShedLockJdbcLock.open(config.addresses().get(0), config.ttl(),
                        lockAtLeastFor(config), config.sessionTimeout(), dbTime),
                config, null, LockClients::ownedByTheLock)).timedBy(LeaseTerm.ttl("lock-at-most-for"));
    }

    private static LockClient springJdbc(LockConfig config, HostMapper hosts) {
        return LockClients.withTokens(new SpringJdbcLock(config.addresses().get(0), config.ttl(), config.sessionTimeout()),
                config, null, LockClients::ownedByTheLock);
    }

    private static LockClient naive(LockConfig config, HostMapper hosts) {
        RedisNode master = new RedisNode(config.addresses().get(0), config.sessionTimeout());
        return LockClients.withTokens(new NaiveRedisLock("redis-naive", () -> master, config.ttl(), master::close),
                config, () -> master, LockClients::ownedByTheLock);
    }

    private static LockClient springRedis(LockConfig config, HostMapper hosts) {
        Address master = config.addresses().get(0);
        String capacity = config.option(LockConfig.CACHE_CAPACITY, "");
        OptionalInt cacheCapacity = capacity.isEmpty() ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(capacity));
        return withLockRedisTokens(new SpringRedisLock(master, config.ttl(), config.sessionTimeout(), cacheCapacity),
                config, master);
    }

    private static LockClient shedLock(LockConfig config, HostMapper hosts) {
        Address master = config.addresses().get(0);
        boolean safeUpdate = Boolean.parseBoolean(config.option(LockConfig.SAFE_UPDATE, "false"));
        return withLockRedisTokens(new ShedLockRedisLock(master, config.ttl(), lockAtLeastFor(config),
                config.sessionTimeout(), safeUpdate), config, master);
    }

    private static Duration lockAtLeastFor(LockConfig config) {
        return Duration.ofMillis(Long.parseLong(config.option(LockConfig.LOCK_AT_LEAST_FOR_MS, "0")));
    }

    /** {@code lock} with its token source; {@code redis-incr} on a connection of its own to {@code master}. */
    private static LockClient withLockRedisTokens(LockClient lock, LockConfig config, Address master) {
        RedisNode tokens = new RedisNode(master, config.sessionTimeout());
        try {
            return LockClients.withTokens(lock, config, () -> tokens, tokens::close);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static LockClient etcd(LockConfig config, HostMapper hosts) {
        return new EtcdLock(config.addresses(), config.ttl(), config.sessionTimeout());
    }

    private static LockClient hazelcastFenced(LockConfig config, HostMapper hosts) {
        return new HazelcastFencedLock(config.addresses(), config.ttl(), config.sessionTimeout());
    }

    private static LockClient sentinel(LockConfig config, HostMapper hosts) {
        SentinelMaster master = new SentinelMaster(config.addresses(),
                config.option(LockConfig.SENTINEL_MASTER, "lockchaos"), hosts, config.sessionTimeout());
        return LockClients.withTokens(new NaiveRedisLock("redis-sentinel", master, config.ttl(), master::close),
                config, master, LockClients::ownedByTheLock);
    }

    private static LockClient redlock(LockConfig config, HostMapper hosts) {
        List<Address> nodes = config.addresses();
        Redlock redlock = new Redlock(nodes, config.ttl(), Duration.ofMillis(nodeTimeoutMillis(config)));
        if (!config.options().containsKey(LockConfig.TOKENS)) {
            return redlock;
        }
        RedisNode first = new RedisNode(nodes.get(0), config.sessionTimeout());
        return LockClients.withTokens(redlock, config, () -> first, first::close);
    }

    private static long nodeTimeoutMillis(LockConfig config) {
        String text = config.option(LockConfig.NODE_TIMEOUT_MS, Long.toString(Math.max(5, config.ttl().toMillis() / 100)));
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new WorkloadException("option " + LockConfig.NODE_TIMEOUT_MS + "='" + text
                    + "' is not a number of milliseconds; give e.g. 100", e);
        }
    }
}
