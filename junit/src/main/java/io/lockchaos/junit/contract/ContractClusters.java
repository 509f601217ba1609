package io.lockchaos.junit.contract;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.LockWiring;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultRecorder;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockBackends;
import io.lockchaos.workloads.backend.LockClients;
import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The clusters the contract runs on, one per topology, each started the first time a subject
 * asks for it and removed (faults healed first) on {@link #close()}; and the short times every
 * subject's clients use, so that lease and session tests are quick. Clients reach the nodes on
 * their published ports on this machine.
 */
public final class ContractClusters implements AutoCloseable {

    /** No cluster yet: each starts when a subject first asks for it. */
    public ContractClusters() {
    }

    /** Every Redis lock's TTL; a backend whose servers fix theirs ({@code hazelcast-fenced}) is given that one. */
    public static final Duration TTL = Duration.ofSeconds(2);
    /** ZooKeeper's session timeout (the ensemble's tick is 500 ms, so 1–10 s is allowed); each Redis request's timeout. */
    public static final Duration SESSION = Duration.ofSeconds(3);
    /**
     * The per-node timeout of a backend that takes one (Redlock's): its default, 1 % of the TTL,
     * is 20 ms, too tight for a loaded 2-core machine.
     */
    static final String NODE_TIMEOUT_MS = "200";

    private final Map<Topology, Cluster> clusters = new EnumMap<>(Topology.class);
    private final Map<Topology, NodeNemesis> nemeses = new EnumMap<>(Topology.class);

    /** The cluster of {@code topology}, started now if it is not yet. */
    public synchronized Cluster cluster(Topology topology) {
        return clusters.computeIfAbsent(topology, t -> {
            long t0 = System.nanoTime();
            Cluster started = Clusters.start(t, ClusterOptions.DEFAULTS);
            System.out.printf(Locale.ROOT, "contract: %s started in %.1f s%n", t.id(), (System.nanoTime() - t0) / 1e9);
            return started;
        });
    }

    /** The TTL every Redis lock of the contract is given. */
    public Duration ttl() {
        return TTL;
    }

    /** ZooKeeper's session timeout and each Redis request's timeout. */
    public Duration sessionTimeout() {
        return SESSION;
    }

    /** The nodes a lock client of {@code topology} is given ({@link Cluster#lockNodes}). */
    public List<Node> lockNodes(Topology topology) {
        return cluster(topology).lockNodes();
    }

    /** {@link #lockNodes} as addresses on this machine. */
    public List<Address> addresses(Topology topology) {
        return lockNodes(topology).stream().map(n -> new Address(Node.HOST, n.hostPort())).toList();
    }

    /** Maps what the service reports about itself (Sentinel's master IP) to the published port. */
    public HostMapper hostMapper(Topology topology) {
        Cluster cluster = cluster(topology);
        return reported -> cluster.nodeAt(reported.host()).map(n -> new Address(Node.HOST, n.hostPort())).orElse(reported);
    }

    /**
     * A built-in client: {@code backend} on {@code topology}'s lock nodes with the contract's
     * times, its config wired as a run's workers' is ({@link LockWiring}); {@code tokens=zk} gets
     * the ZooKeeper cluster as its token ensemble.
     */
    public LockClient open(String backend, Topology topology, Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        if (LockBackends.of(backend).option(LockConfig.NODE_TIMEOUT_MS).isPresent()) {
            all.putIfAbsent(LockConfig.NODE_TIMEOUT_MS, NODE_TIMEOUT_MS);
        }
        LockWiring wiring = new LockWiring(cluster(topology), LockWiring.Route.HOST, () -> cluster(Topology.ZOOKEEPER));
        Duration ttl = LockBackends.of(backend).onlyTtl().orElse(TTL);
        return LockClients.open(wiring.config(backend, ttl, SESSION, all), hostMapper(topology));
    }

    /**
     * SIGSTOPs every server of {@code topology}'s lock service (not the ledger, not the proxy);
     * closing the fault SIGCONTs them.
     */
    public ActiveFault pauseService(Topology topology) {
        Cluster cluster = cluster(topology);
        NodeNemesis nemesis;
        synchronized (this) {
            nemesis = nemeses.computeIfAbsent(topology, t -> new NodeNemesis(ClusterTargets.of(cluster), FaultRecorder.NONE, 1));
        }
        List<String> service = cluster.nodes().stream().filter(n -> n.role().faulted()).map(Node::name).toList();
        return nemesis.inject(new FaultSpec.Pause(service));
    }

    /** Heals every fault still in force, then removes every cluster; the first failure is thrown after all are tried. */
    @Override
    public synchronized void close() {
        List<RuntimeException> failures = new ArrayList<>();
        nemeses.values().forEach(n -> attempt(n::healAll, failures));
        clusters.values().forEach(c -> attempt(c::close, failures));
        nemeses.clear();
        clusters.clear();
        if (!failures.isEmpty()) {
            RuntimeException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

    private static void attempt(Runnable step, List<RuntimeException> failures) {
        try {
            step.run();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }
}
