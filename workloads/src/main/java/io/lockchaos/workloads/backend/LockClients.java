package io.lockchaos.workloads.backend;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.TokenSource;
import io.lockchaos.workloads.lock.TokenedLockClient;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.workloads.redis.RedisIncrTokens;
import io.lockchaos.workloads.redis.RedisNode;
import io.lockchaos.workloads.redis.SentinelMaster;
import io.lockchaos.workloads.zk.ZkTokens;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Opens lock clients by backend name, from the descriptors in {@link LockBackends}.
 * Option {@code tokens} adds a {@link TokenSource} ({@link Tokens}): {@code zk} (nodes in
 * {@code token-nodes}) or {@code redis-incr} (INCR on the lock's Redis; for Redlock, its first
 * master); a backend with tokens of its own refuses it.
 *
 * <p>A backend {@code class:NAME} is a user's class ({@link ClassBackend}), found by the thread's
 * context class loader (a worker: its {@code -cp}). With {@code redis-incr} its tokens come from
 * {@code nodes[0]}, or from the master Sentinel names when option {@code sentinel-master} is set
 * (the nodes are then Sentinels); with {@code zk} from {@code token-nodes}.
 */
public final class LockClients {

    private LockClients() {
    }

    /**
     * A client for {@code config}; {@code hosts} maps addresses the service reports (Sentinel's
     * master) to reachable ones.
     *
     * @throws WorkloadException naming the valid backends or token sources for an unknown one
     */
    public static LockClient open(LockConfig config, HostMapper hosts) {
        LockBackend backend = LockBackends.of(config.backend());
        Optional<Tokens> tokens = config.tokenSource();
        if (tokens.isPresent() && backend.ownTokens()) {
            throw new WorkloadException("backend " + config.backend() + " has tokens of its own;"
                    + " drop the option tokens=" + tokens.get().id());
        }
        return backend.factory().open(config, hosts);
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

    /** Opens the user's class {@code class:NAME} ({@link LockBackends#CLASS}). */
    static LockClient openClass(LockConfig config, HostMapper hosts) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = LockClients.class.getClassLoader();
        }
        Class<? extends LockClient> type = ClassBackend.load(config.backend(), loader,
                "the classpath " + System.getProperty("java.class.path"));
        LockClient lock = ClassBackend.construct(type, config, hosts);
        try {
            return nodeTokens(lock, config, hosts);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * {@code lock} with its token source, on connections of the source's own: {@code redis-incr}
     * on nodes[0], or on the master Sentinel names when option {@code sentinel-master} is set
     * (the nodes are then Sentinels), or {@code zk}.
     */
    static LockClient nodeTokens(LockClient lock, LockConfig config, HostMapper hosts) {
        if (config.tokenSource().filter(t -> t == Tokens.REDIS_INCR).isEmpty()) {
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

    /** Nothing to close: the token source uses the lock's own connection, which the lock closes. */
    static void ownedByTheLock() {
    }

    /**
     * {@code lock} with the token source the config names, if any.
     *
     * @param lockRedis the lock's Redis, for {@code redis-incr}
     * @param closeLockRedis what closing the {@code redis-incr} source closes
     */
    static LockClient withTokens(LockClient lock, LockConfig config, Supplier<RedisNode> lockRedis,
                                         Runnable closeLockRedis) {
        Optional<Tokens> source = config.tokenSource();
        if (source.isEmpty()) {
            return lock;
        }
        if (source.get() == Tokens.REDIS_INCR) {
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
