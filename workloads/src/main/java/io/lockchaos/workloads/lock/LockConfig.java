package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to build a lock client (see {@link io.lockchaos.workloads.backend.LockClients}).
 *
 * @param backend the backend's name: one of {@link io.lockchaos.workloads.backend.LockBackends}
 * @param nodes the lock service's addresses ({@code host:port}): the Redis master, the five
 *     Redlock masters, the Sentinels, or the ZooKeeper ensemble
 * @param ttl a Redis lock's time to live (ZooKeeper locks ignore it)
 * @param sessionTimeout ZooKeeper's session timeout; also the network timeout of every Redis
 *     request except Redlock's per-node one
 * @param options backend settings by name; see {@link io.lockchaos.workloads.backend.LockClients} for each
 */
public record LockConfig(String backend, List<String> nodes, Duration ttl, Duration sessionTimeout,
                         Map<String, String> options) {

    /** Option: the token source, {@code zk} or {@code redis-incr} (default: the lock's own, or none). */
    public static final String TOKENS = "tokens";
    /** Option: the ZooKeeper ensemble ({@code host:port,...}) for {@code tokens=zk}. */
    public static final String TOKEN_NODES = "token-nodes";
    /** Option: the master name Sentinel watches (default {@code lockchaos}). */
    public static final String SENTINEL_MASTER = "sentinel-master";
    /** Option: Redlock's per-node request timeout in ms (default: 1 % of the TTL, at least 5 ms). */
    public static final String NODE_TIMEOUT_MS = "node-timeout-ms";
    /** spring-redis: how many locks its {@code RedisLockRegistry} keeps in its local cache ({@code setCacheCapacity}). */
    public static final String CACHE_CAPACITY = "cache-capacity";
    /** Option: ShedLock's {@code safeUpdate}, unlock by compare-and-delete ({@code true}; default {@code false}: a plain DEL). */
    public static final String SAFE_UPDATE = "safe-update";
    /**
     * Option of the ShedLock backends: {@code lockAtLeastFor} in ms (default 0): the unlock
     * keeps the lock until this long after the grant was asked for, so that a node whose
     * scheduler fires the same tick a little later finds it taken.
     */
    public static final String LOCK_AT_LEAST_FOR_MS = "lock-at-least-for-ms";
    /** Option: the ZooKeeper path under which lock nodes live (default {@code /lockchaos/locks}). */
    public static final String ZK_ROOT = "zk-root";

    public LockConfig {
        Objects.requireNonNull(backend, "backend");
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(sessionTimeout, "sessionTimeout");
        options = Map.copyOf(options);
        if (nodes.isEmpty()) {
            throw new WorkloadException("lock backend '" + backend + "' has no nodes; give the lock service's addresses as host:port");
        }
        if (ttl.isNegative() || ttl.isZero() || sessionTimeout.isNegative() || sessionTimeout.isZero()) {
            throw new WorkloadException("lock backend '" + backend + "': ttl (" + ttl + ") and sessionTimeout ("
                    + sessionTimeout + ") must be positive");
        }
    }

    /** The nodes as addresses. */
    public List<Address> addresses() {
        return nodes.stream().map(Address::parse).toList();
    }

    /** The option {@code name}, or {@code fallback}. */
    public String option(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    /** The same config with {@code name} set to {@code value}. */
    /**
     * The token source option {@link #TOKENS} names, if any.
     *
     * @throws WorkloadException when it names none of {@link Tokens#sourceIds()}
     */
    public Optional<Tokens> tokenSource() {
        String name = options.get(TOKENS);
        if (name == null) {
            return Optional.empty();
        }
        if (!Tokens.sourceIds().contains(name)) {
            throw new WorkloadException("unknown token source '" + name + "' in option " + TOKENS
                    + "; valid token sources: " + String.join(", ", Tokens.sourceIds()));
        }
        return Optional.of(Tokens.parse(name));
    }

    public LockConfig withOption(String name, String value) {
        Map<String, String> more = new java.util.HashMap<>(options);
        more.put(name, value);
        return new LockConfig(backend, nodes, ttl, sessionTimeout, more);
    }
}
