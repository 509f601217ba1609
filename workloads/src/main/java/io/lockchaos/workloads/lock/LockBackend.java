package io.lockchaos.workloads.lock;

import io.lockchaos.history.ops.Reentrancy;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One lock backend as data: its name, the cluster topologies whose lock service it talks to,
 * whether its grants carry tokens of their own, the options it accepts, and how to open a
 * client. {@link io.lockchaos.workloads.backend.LockBackends} holds every one.
 *
 * @param name the backend's name in scenarios ({@code redlock}); for a lock class of the
 *     user's, the prefix {@code class:}
 * @param topologies the topologies it runs on ({@link TopologyName#REDIS_SINGLE}, ...); empty: any
 * @param ownTokens whether its grants carry fencing tokens of their own (a token source
 *     must then not be added)
 * @param options the options it accepts in {@link LockConfig#options()}
 * @param anyOption whether it also takes options it does not declare (a user's class reads
 *     its own)
 * @param factory opens a client
 * @param ttlUnit the unit its lease or TTL is granted in: a scenario's {@code ttlMs} must be a
 *     whole number of it (etcd: seconds; most: a millisecond)
 * @param onlyTtl the one TTL it grants, when its servers fix it rather than the client
 *     (Hazelcast's CP session TTL is a member setting); empty: any whole number of {@code ttlUnit}
 * @param lossNotice what tells its holder that a grant is gone, in words ("jetcd's keep-alive
 *     ending"), which its grants' {@link GrantWatch} passes on; empty: nothing does, the library
 *     cannot tell (a report says so instead of "never told")
 * @param reentrancy what its client does when the holder of a lock asks for it again from the
 *     same thread, as the library's source shows it ({@link Reentrancy#NONE} unless declared): the
 *     checks take a reentrant lock's reentries as part of the hold, and a scenario may make the
 *     worker re-enter ({@code lock.reenter}) only a reentrant one
 * @param terms the durations that time its grants ({@link LeaseTerm}): the TTL for most, the session
 *     timeout for ZooKeeper's; none for a lock held as long as its connection (PostgreSQL's advisory locks)
 */
public record LockBackend(String name, List<TopologyName> topologies, boolean ownTokens, List<LockOption> options,
                          boolean anyOption, Factory factory, Duration ttlUnit, Optional<Duration> onlyTtl,
                          Optional<String> lossNotice, Reentrancy reentrancy, List<LeaseTerm> terms) {

    /** A backend whose grants last {@code lock.ttlMs} (called {@code ttl}), whose TTL is any whole number of {@code ttlUnit} and that cannot tell a holder of a loss. */
    public LockBackend(String name, List<TopologyName> topologies, boolean ownTokens, List<LockOption> options,
                       boolean anyOption, Factory factory, Duration ttlUnit) {
        this(name, topologies, ownTokens, options, anyOption, factory, ttlUnit, Optional.empty(), Optional.empty(),
                Reentrancy.NONE, List.of(LeaseTerm.ttl("ttl")));
    }

    /** A backend that grants only {@code onlyTtl} (a term called {@code ttl}) and cannot tell a holder of a loss. */
    public LockBackend(String name, List<TopologyName> topologies, boolean ownTokens, List<LockOption> options,
                       boolean anyOption, Factory factory, Duration ttlUnit, Optional<Duration> onlyTtl) {
        this(name, topologies, ownTokens, options, anyOption, factory, ttlUnit, onlyTtl, Optional.empty(), Reentrancy.NONE,
                List.of(LeaseTerm.ttl("ttl")));
    }

    /** A backend whose TTL is any whole number of milliseconds and that cannot tell a holder of a loss. */
    public LockBackend(String name, List<TopologyName> topologies, boolean ownTokens, List<LockOption> options,
                       boolean anyOption, Factory factory) {
        this(name, topologies, ownTokens, options, anyOption, factory, Duration.ofMillis(1));
    }

    /** This backend, whose holders {@code notice} tells of a lost grant (see {@link #lossNotice()}). */
    public LockBackend toldBy(String notice) {
        return new LockBackend(name, topologies, ownTokens, options, anyOption, factory, ttlUnit, onlyTtl,
                Optional.of(notice), reentrancy, terms);
    }

    /** This backend, whose client re-enters a lock its holder asks for again as {@code how} says. */
    public LockBackend reentrant(Reentrancy how) {
        return new LockBackend(name, topologies, ownTokens, options, anyOption, factory, ttlUnit, onlyTtl, lossNotice,
                how, terms);
    }

    /** This backend, whose grants {@code terms} time (see {@link #terms()}). */
    public LockBackend timedBy(LeaseTerm... terms) {
        return new LockBackend(name, topologies, ownTokens, options, anyOption, factory, ttlUnit, onlyTtl,
                lossNotice, reentrancy, List.of(terms));
    }

    /**
     * The lengths of its {@link #terms()} for a lock of {@code ttl} and {@code sessionTimeout}, by
     * name, in order; empty when nothing times its grants.
     */
    public Map<String, Duration> timescales(Duration ttl, Duration sessionTimeout) {
        Map<String, Duration> scales = new LinkedHashMap<>();
        terms.forEach(t -> scales.put(t.name(), t.of(ttl, sessionTimeout)));
        return Collections.unmodifiableMap(scales);
    }

    /** Whether {@code ttl} is a whole, positive number of {@link #ttlUnit()}, and {@link #onlyTtl()} if it has one. */
    public boolean grants(Duration ttl) {
        return ttl.toMillis() > 0 && ttl.toMillis() % ttlUnit.toMillis() == 0
                && onlyTtl.map(ttl::equals).orElse(true);
    }

    /** Opens a client of this backend. */
    @FunctionalInterface
    public interface Factory {
        /**
         * A client for {@code config}; {@code hosts} maps addresses the service reports
         * (Sentinel's master) to reachable ones.
         */
        LockClient open(LockConfig config, HostMapper hosts);
    }

    public LockBackend {
        java.util.Objects.requireNonNull(reentrancy, "reentrancy");
        topologies = List.copyOf(topologies);
        options = List.copyOf(options);
        terms = List.copyOf(terms);
    }

    /** Whether this backend runs on {@code topology}. */
    public boolean runsOn(TopologyName topology) {
        return topologies.isEmpty() || topologies.contains(topology);
    }

    /** The topologies it runs on, for messages: {@code redis-single, redis-replicated}, or {@code any}. */
    public String topologyNames() {
        return topologies.isEmpty() ? "any" : String.join(", ", topologies.stream().map(TopologyName::id).toList());
    }

    /** The declared option {@code key}. */
    public Optional<LockOption> option(String key) {
        return options.stream().filter(o -> o.name().equals(key)).findFirst();
    }

    /**
     * Whether this backend takes the option {@code key}: a declared one, or any but the token
     * source's own ({@link LockConfig#TOKENS}, {@link LockConfig#TOKEN_NODES}) when it takes
     * any option.
     */
    public boolean takes(String key) {
        return option(key).isPresent()
                || (anyOption && !LockConfig.TOKENS.equals(key) && !LockConfig.TOKEN_NODES.equals(key));
    }

    /** The declared options' names, for messages: {@code node-timeout-ms}, or {@code none}. */
    public String optionNames() {
        return options.isEmpty() ? "none" : String.join(", ", options.stream().map(LockOption::name).toList());
    }
}
