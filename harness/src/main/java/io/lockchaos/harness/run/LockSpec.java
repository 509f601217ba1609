package io.lockchaos.harness.run;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.LockWiring;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.backend.LockBackends;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's lock: the backend, its lease, and where its fencing tokens come from; the
 * scenario file's {@code lock} object (see {@link Scenario}). The lock
 * service's addresses come from the cluster: node names and inside ports, since workers run
 * on the cluster network.
 *
 * @param backend a backend of {@link LockBackends}: a built-in one, or {@code class:NAME}, a
 *     user's lock class ({@link ClassBackend}) that runs on any topology
 * @param ttl a Redis lock's time to live
 * @param sessionTimeout ZooKeeper's session timeout, and every Redis request's timeout
 * @param tokens a {@link Tokens} id: {@code none} (the lock's own, if any), {@code redis-incr},
 *     {@code zk}, or {@code lock} (the lock's own, named: only for a backend that has them)
 * @param options further backend options, passed on as given
 * @param classpath for a class backend: the jars and classes directories (absolute) that hold
 *     it, appended to every worker's {@code -cp}; empty otherwise
 * @param classTokens (not in the file: found by loading the class) whether a class backend's class implements
 *     {@link io.lockchaos.workloads.lock.FencingTokens} (tokens of its own)
 * @param reenter whether every worker, once granted, acquires the same lock again (a reentry)
 *     and releases twice: only for a backend whose {@link LockBackend#reentrancy()} is reentrant
 */
public record LockSpec(String backend, @JsonProperty(value = "ttlMs", defaultValue = "10000") Duration ttl,
                       @JsonProperty(value = "sessionTimeoutMs", defaultValue = "5000") Duration sessionTimeout,
                       @JsonProperty(defaultValue = "\"none\"") Tokens tokens,
                       @JsonProperty(defaultValue = "{}") Map<String, String> options,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty(defaultValue = "[]")
                       @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<Path> classpath,
                       @JsonIgnore @JsonSetter(nulls = Nulls.AS_EMPTY) boolean classTokens,
                       @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty(defaultValue = "false") boolean reenter) {

    /** A lock whose workers never re-enter it. */
    public LockSpec(String backend, Duration ttl, Duration sessionTimeout, Tokens tokens, Map<String, String> options,
                    List<Path> classpath, boolean classTokens) {
        this(backend, ttl, sessionTimeout, tokens, options, classpath, classTokens, false);
    }

    /**
     * The lock option ({@code "via-proxy": "true"}) that sends the workers' lock traffic through
     * each server's proxy ({@code toxiproxy:<port>}), so that link faults ({@code latency redis-4
     * 200ms}) act on it; by default workers reach the servers directly. Every backend takes it;
     * it is consumed here, not passed to the backend.
     */
    public static final String VIA_PROXY = "via-proxy";

    public LockSpec {
        options = Map.copyOf(options);
        classpath = List.copyOf(classpath);
    }

    /** Whether grants carry fencing tokens (a ZooKeeper lock's own, a user class's own, or a token source). */
    public boolean hasTokens() {
        return tokens != Tokens.NONE || descriptor().ownTokens() || classTokens;
    }

    /** The backend's descriptor (for {@code class:NAME}, {@link LockBackends#CLASS}). */
    public LockBackend descriptor() {
        return LockBackends.of(backend);
    }

    /**
     * How the checks read a holder's second grant: the backend's {@link LockBackend#reentrancy()}
     * when the workload re-enters ({@code reenter}), else none. A run whose workers never
     * re-enter keeps the plain models, under which a second grant to one holder (a release that
     * failed, then another grant) stays the violation it is.
     */
    public io.lockchaos.history.ops.Reentrancy reentrancy() {
        return reenter ? descriptor().reentrancy() : io.lockchaos.history.ops.Reentrancy.NONE;
    }

    /** What can tell this lock's holders that a grant is gone ({@link LockBackend#lossNotice()}). */
    public io.lockchaos.checker.lock.LossNotice lossNotice() {
        return new io.lockchaos.checker.lock.LossNotice(backend, descriptor().lossNotice());
    }

    /**
     * The durations this lock lives by ({@link LockBackend#terms()}: its TTL, watchdog, lease or
     * session timeout, by the backend's name for it), those of this scenario's lock that are set;
     * empty for a lock that nothing times but its connection.
     */
    public List<io.lockchaos.faults.schedule.Timescale> timescales() {
        Duration none = Duration.ZERO;
        return descriptor().timescales(ttl == null ? none : ttl, sessionTimeout == null ? none : sessionTimeout)
                .entrySet().stream().filter(e -> !e.getValue().isZero() && !e.getValue().isNegative())
                .map(e -> new io.lockchaos.faults.schedule.Timescale(e.getKey(), e.getValue())).toList();
    }

    /** The lock config for a worker inside {@code cluster}'s network (through the proxies with {@value #VIA_PROXY}). */
    public LockConfig config(Cluster cluster) {
        Map<String, String> all = new LinkedHashMap<>(options);
        boolean viaProxy = Boolean.parseBoolean(all.remove(VIA_PROXY));
        if (tokens.addsSource()) {
            all.put(LockConfig.TOKENS, tokens.id());
        }
        return LockWiring.of(cluster, viaProxy ? LockWiring.Route.PROXIED : LockWiring.Route.INSIDE)
                .config(backend, ttl, sessionTimeout, all);
    }
}
