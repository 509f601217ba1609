package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.redis.NaiveRedisLock;
import io.lockchaos.workloads.redis.RedisIncrTokens;
import io.lockchaos.workloads.redis.RedisNode;
import io.lockchaos.workloads.redis.Redlock;
import io.lockchaos.workloads.redis.SentinelMaster;
import io.lockchaos.workloads.zk.CuratorLock;
import io.lockchaos.workloads.zk.ZkTokens;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Builds lock clients by backend name:
 * <ul>
 *   <li>{@code redis-naive}: nodes = the one master;</li>
 *   <li>{@code redis-sentinel}: nodes = the Sentinels; option {@code sentinel-master};</li>
 *   <li>{@code redlock}: nodes = the independent masters (5); option {@code node-timeout-ms};</li>
 *   <li>{@code curator}, {@code curator-cautious}: nodes = the ensemble; option {@code zk-root};
 *       tokens: the lock node's czxid.</li>
 * </ul>
 * Option {@code tokens} adds a {@link TokenSource}: {@code zk} (nodes in {@code token-nodes})
 * or {@code redis-incr} (INCR on the lock's Redis; for Redlock, its first master).
 *
 * <p>A backend {@code class:NAME} is a user's class ({@link ClassBackend}), found by the thread's
 * context class loader (a worker: its {@code -cp}). With {@code redis-incr} its tokens come from
 * {@code nodes[0]}, or from the master Sentinel names when option {@code sentinel-master} is set
 * (the nodes are then Sentinels); with {@code zk} from {@code token-nodes}.
 */
public final class LockClients {

    /** Every backend name. */
    public static final List<String> NAMES = List.of("redis-naive", "redis-sentinel", "redlock", "curator", "curator-cautious");

    /** Every token source name. */
    public static final List<String> TOKEN_SOURCES = List.of("zk", "redis-incr");

    private static final String DEFAULT_ZK_ROOT = "/lockchaos/locks";

    private LockClients() {
    }

    /**
     * A client for {@code config}; {@code hosts} maps addresses the service reports (Sentinel's
     * master) to reachable ones.
     *
     * @throws WorkloadException naming the valid backends or token sources for an unknown one
     */
    public static LockClient open(LockConfig config, HostMapper hosts) {
        Optional<String> tokens = Optional.ofNullable(config.options().get(LockConfig.TOKENS));
        tokens.ifPresent(LockClients::checkTokenSource);
        Duration timeout = config.sessionTimeout();
        List<Address> nodes = config.addresses();
        if (ClassBackend.names(config.backend())) {
            return openClass(config, hosts);
        }
        switch (config.backend()) {
            case "redis-naive": {
                RedisNode master = new RedisNode(nodes.get(0), timeout);
                return withTokens(new NaiveRedisLock("redis-naive", () -> master, config.ttl(), master::close),
                        config, () -> master, LockClients::ownedByTheLock);
            }
            case "redis-sentinel": {
                SentinelMaster master = new SentinelMaster(nodes,
                        config.option(LockConfig.SENTINEL_MASTER, "lockchaos"), hosts, timeout);
                return withTokens(new NaiveRedisLock("redis-sentinel", master, config.ttl(), master::close), config, master,
                        LockClients::ownedByTheLock);
            }
            case "redlock": {
                long nodeMillis = nodeTimeoutMillis(config);
                Redlock redlock = new Redlock(nodes, config.ttl(), Duration.ofMillis(nodeMillis));
                if (tokens.isEmpty()) {
                    return redlock;
                }
                RedisNode first = new RedisNode(nodes.get(0), timeout);
                return withTokens(redlock, config, () -> first, first::close);
            }
            case "curator":
            case "curator-cautious": {
                if (tokens.isPresent()) {
                    throw new WorkloadException("backend " + config.backend() + " has tokens of its own (czxid);"
                            + " drop the option tokens=" + tokens.get());
                }
                return CuratorLock.open(nodes, timeout, config.option(LockConfig.ZK_ROOT, DEFAULT_ZK_ROOT),
                        config.backend().equals("curator-cautious"));
            }
            default:
                throw new WorkloadException("unknown lock backend '" + config.backend() + "'; valid backends: "
                        + String.join(", ", NAMES));
        }
    }

    /** {@code client}'s capability {@code type}, looking through a {@link TokenedLockClient}. */
    public static <T> Optional<T> capability(LockClient client, Class<T> type) {
        if (type.isInstance(client)) {
            return Optional.of(type.cast(client));
        }
        if (client instanceof TokenedLockClient tokened) {
            return capability(tokened.wrapped(), type);
        }
        return Optional.empty();
    }

    private static LockClient openClass(LockConfig config, HostMapper hosts) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = LockClients.class.getClassLoader();
        }
        Class<? extends LockClient> type = ClassBackend.load(config.backend(), loader,
                "the classpath " + System.getProperty("java.class.path"));
        LockClient lock = ClassBackend.construct(type, config, hosts);
        try {
            return classTokens(lock, config, hosts);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** {@code lock} with its token source: {@code redis-incr} on nodes[0] or on Sentinel's master, or {@code zk}. */
    private static LockClient classTokens(LockClient lock, LockConfig config, HostMapper hosts) {
        if (!"redis-incr".equals(config.options().get(LockConfig.TOKENS))) {
            return withTokens(lock, config, null, LockClients::ownedByTheLock);
        }
        Duration timeout = config.sessionTimeout();
        String sentinelMaster = config.options().get(LockConfig.SENTINEL_MASTER);
        if (sentinelMaster != null) {
            SentinelMaster master = new SentinelMaster(config.addresses(), sentinelMaster, hosts, timeout);
            return withTokens(lock, config, master, master::close);
        }
        RedisNode first = new RedisNode(config.addresses().get(0), timeout);
        return withTokens(lock, config, () -> first, first::close);
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

    private static void checkTokenSource(String name) {
        if (!TOKEN_SOURCES.contains(name)) {
            throw new WorkloadException("unknown token source '" + name + "' in option " + LockConfig.TOKENS
                    + "; valid token sources: " + String.join(", ", TOKEN_SOURCES));
        }
    }

    /** Nothing to close: the token source uses the lock's own connection, which the lock closes. */
    private static void ownedByTheLock() {
    }

    /**
     * {@code lock} with the token source the config names, if any.
     *
     * @param lockRedis the lock's Redis, for {@code redis-incr}
     * @param closeLockRedis what closing the {@code redis-incr} source closes
     */
    private static LockClient withTokens(LockClient lock, LockConfig config, Supplier<RedisNode> lockRedis,
                                         Runnable closeLockRedis) {
        String source = config.options().get(LockConfig.TOKENS);
        if (source == null) {
            return lock;
        }
        if (source.equals("redis-incr")) {
            return new TokenedLockClient(lock, new RedisIncrTokens(lockRedis, closeLockRedis));
        }
        String ensemble = config.options().get(LockConfig.TOKEN_NODES);
        if (ensemble == null || ensemble.isBlank()) {
            throw new WorkloadException("option tokens=zk needs option " + LockConfig.TOKEN_NODES
                    + " (the ZooKeeper ensemble, host:port,...)");
        }
        List<Address> zk = List.of(ensemble.split(",")).stream().map(String::trim).map(Address::parse).toList();
        return new TokenedLockClient(lock, new ZkTokens(zk, config.sessionTimeout(), "/lockchaos/tokens"));
    }
}
