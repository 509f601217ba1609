package io.lockchaos.cluster;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.lockchaos.cluster.containers.EtcdContainer;
import io.lockchaos.cluster.containers.HazelcastContainer;
import io.lockchaos.cluster.containers.ZooKeeperContainer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;

/**
 * A cluster of Testcontainers-managed nodes on one labelled network. Started by
 * {@link Clusters}; removes itself on {@link #close()} and, while attached, from a JVM
 * shutdown hook.
 */
final class ContainerCluster implements Cluster {

    /** How long the replication or quorum links may take to come back through their proxies. */
    private static final Duration LINKS_TIMEOUT = Duration.ofSeconds(60);

    private final RunLabels labels;
    private final Topology topology;
    private final Network network;
    private final String networkName;
    private final Leftovers leftovers;
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, GenericContainer<?>> containers = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;

    ContainerCluster(RunLabels labels, Topology topology, Leftovers leftovers) {
        this.labels = labels;
        this.topology = topology;
        this.leftovers = leftovers;
        this.networkName = "lockchaos-" + labels.runId();
        this.network = Network.builder()
                .createNetworkCmdModifier(cmd -> cmd.withName(networkName).withLabels(labels.common()))
                .build();
        this.shutdownHook = new Thread(this::close, "lockchaos-cluster-" + labels.runId() + "-cleanup");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Starts every wave of {@code plan}, then waits until it is ready; meanwhile, on a thread of
     * its own, {@code alongside} starts what else goes on the network (a run's workers), and the
     * start ends when both have. Closes itself on failure, once {@code alongside} has returned.
     */
    void start(Plan plan, Consumer<ClusterSite> alongside) {
        CompletableFuture<Void> beside = null;
        try {
            network.getId(); // creates it: containers started alongside join it by name
            beside = DaemonTask.start("lockchaos-cluster-" + labels.runId() + "-alongside",
                    () -> alongside.accept(new ClusterSite(labels, networkName)));
            for (List<NodeSpec> wave : plan.waves()) {
                startWave(wave);
            }
            wireProxies(plan.proxy());
            plan.ready().run();
            DaemonTask.join(beside);
        } catch (RuntimeException e) {
            if (beside != null) {
                // What it is still starting must exist before close() removes the run's containers.
                beside.exceptionally(failed -> null).join();
            }
            close();
            throw e;
        }
    }

    /**
     * Lets the containers outlive this JVM ({@code cluster up}): no shutdown hook of ours any
     * more. Testcontainers' own exit-time reaper (active with Ryuk off) still removes every
     * container it started when shutdown hooks run, so the CLI ends such a JVM with
     * {@code Runtime.halt} (see {@code Main.main}).
     */
    void detach() {
        removeHook();
    }

    private void startWave(List<NodeSpec> wave) {
        ExecutorService pool = Executors.newFixedThreadPool(wave.size());
        try {
            List<CompletableFuture<Node>> started = wave.stream()
                    .map(spec -> CompletableFuture.supplyAsync(() -> startNode(spec), pool))
                    .toList();
            List<Node> up = new ArrayList<>();
            for (CompletableFuture<Node> f : started) {
                up.add(DaemonTask.join(f));
            }
            synchronized (nodes) {
                nodes.addAll(up);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Creates a proxy per server node and gives each node its proxy ports. */
    private void wireProxies(ProxyPlan proxy) {
        Node proxyNode = node(proxy.spec().name());
        ToxiproxyClient client = new ToxiproxyClient(Node.HOST, proxyNode.hostPort());
        List<Node> wired = new ArrayList<>();
        for (ProxyPlan.Route route : proxy.routes()) {
            createProxy(proxy, client, proxyNode, route.node(), route.listen(), route.upstream());
            wired.add(node(route.node()).withProxy(proxy.container().getMappedPort(route.listenPort()),
                    route.listenPort()));
        }
        synchronized (nodes) {
            for (Node n : wired) {
                nodes.replaceAll(old -> old.name().equals(n.name()) ? n : old);
            }
        }
        wireReplication(proxy, client, proxyNode);
        wireQuorum(proxy, client, proxyNode);
        wirePeers(proxy, client, proxyNode);
    }

    /**
     * A proxy per etcd or Hazelcast member's peer port, every other member's connections to it
     * sent through it, and then the (gated) members started.
     */
    private void wirePeers(ProxyPlan proxy, ToxiproxyClient client, Node proxyNode) {
        if (proxy.peers().isEmpty()) {
            return;
        }
        List<EtcdMembers.Member> etcd = new ArrayList<>();
        List<HazelcastMembers.Member> hazelcast = new ArrayList<>();
        for (ProxyPlan.PeerRoute route : proxy.peers()) {
            createProxy(proxy, client, proxyNode, route.name(), route.listen(), route.upstream());
            GenericContainer<?> container = containers.get(route.member());
            if (container instanceof EtcdContainer member) {
                etcd.add(new EtcdMembers.Member(node(route.member()), member, route.listenPort()));
            } else if (container instanceof HazelcastContainer member) {
                hazelcast.add(new HazelcastMembers.Member(node(route.member()), member, route.listenPort()));
            } else {
                throw new ClusterException("peer route " + route.name() + " names " + route.member()
                        + ", which is no etcd or Hazelcast member of the " + topology.id() + " cluster");
            }
        }
        if (!etcd.isEmpty()) {
            EtcdMembers.start(etcd, proxyNode.ip(), LINKS_TIMEOUT);
        }
        if (!hazelcast.isEmpty()) {
            HazelcastMembers.start(hazelcast, proxyNode.ip(), LINKS_TIMEOUT);
        }
    }

    /**
     * A proxy per ZooKeeper server's quorum port, every other server's connections to it sent
     * through it, and then the (gated) servers started.
     */
    private void wireQuorum(ProxyPlan proxy, ToxiproxyClient client, Node proxyNode) {
        List<QuorumLinks.Member> members = new ArrayList<>();
        for (ProxyPlan.QuorumRoute route : proxy.quorum()) {
            createProxy(proxy, client, proxyNode, route.name(), route.listen(), route.upstream());
            if (!(containers.get(route.server()) instanceof ZooKeeperContainer zk)) {
                throw new ClusterException("quorum route " + route.name() + " names " + route.server()
                        + ", which is no ZooKeeper server of the " + topology.id() + " cluster");
            }
            members.add(new QuorumLinks.Member(node(route.server()), zk, route.listenPort()));
        }
        QuorumLinks.route(members, proxyNode.ip(), LINKS_TIMEOUT);
    }

    private static void createProxy(ProxyPlan proxy, ToxiproxyClient client, Node proxyNode, String name,
                                    String listen, String upstream) {
        try {
            client.createProxy(name, listen, upstream);
        } catch (IOException e) {
            throw new ClusterException("the proxy container (" + proxy.container().image() + ", API on " + Node.HOST
                    + ":" + proxyNode.hostPort() + ") refused proxy " + name + " " + listen + " -> " + upstream + ": "
                    + e.getMessage() + "; with " + ClusterOptions.TOXIPROXY_IMAGE_ENV + " set, is that image a"
                    + " Toxiproxy 2.x?", e);
        }
    }

    /** A proxy per replica's replication link, and the replica's link sent through it. */
    private void wireReplication(ProxyPlan proxy, ToxiproxyClient client, Node proxyNode) {
        for (ProxyPlan.ReplicationRoute route : proxy.replication()) {
            createProxy(proxy, client, proxyNode, route.name(), route.listen(), route.upstream());
            ReplicationLinks.route(containers.get(route.replica()), node(route.replica()), node(route.master()),
                    proxyNode.ip(), route.listenPort());
        }
        if (!proxy.replication().isEmpty()) {
            String master = proxy.replication().get(0).master();
            ReplicationLinks.awaitProxied(containers.get(master), node(master),
                    proxy.replication().stream().map(r -> node(r.replica())).toList(), proxyNode.ip(), LINKS_TIMEOUT);
        }
    }

    private Node startNode(NodeSpec spec) {
        GenericContainer<?> c = spec.container();
        String containerName = networkName + "-" + spec.name();
        c.withNetwork(network)
                .withNetworkAliases(spec.name())
                .withLabels(labels.forNode(spec.name(), spec.role()))
                .withCreateContainerCmdModifier(cmd -> configure(cmd, containerName, spec));
        containers.put(spec.name(), c);
        LogTail tail = new LogTail(15);
        c.withLogConsumer(tail);
        try {
            c.start();
        } catch (RuntimeException e) {
            throw new ClusterException("node " + spec.name() + " (" + c.getDockerImageName() + ") of the "
                    + topology.id() + " cluster did not start: " + ClusterException.startFailure(e) + tail.text(), e);
        }
        var info = c.getContainerInfo();
        ContainerNetwork onNetwork = info.getNetworkSettings().getNetworks().get(networkName);
        return new Node(spec.name(), spec.role(), c.getContainerId(), containerName,
                info.getState().getPidLong(), onNetwork.getIpAddress(), spec.port(),
                c.getMappedPort(spec.port()), spec.persistent());
    }

    /** Unique name, host name = node name, iptables allowed, its ports published on 127.0.0.1 only. */
    private static void configure(CreateContainerCmd cmd, String containerName, NodeSpec spec) {
        cmd.withName(containerName).withHostName(spec.name());
        Set<Integer> ports = new TreeSet<>(spec.container().getExposedPorts());
        ports.add(spec.port());
        cmd.getHostConfig()
                .withCapAdd(Capability.NET_ADMIN)
                .withPublishAllPorts(false)
                .withPortBindings(ports.stream()
                        .map(p -> new PortBinding(Ports.Binding.bindIp(Node.HOST), ExposedPort.tcp(p)))
                        .toList());
    }

    @Override
    public String runId() {
        return labels.runId();
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public String network() {
        return networkName;
    }

    @Override
    public List<Node> nodes() {
        synchronized (nodes) {
            List<Node> ordered = new ArrayList<>(nodes);
            ordered.sort(Comparator.comparingInt(ContainerCluster::sortGroup)
                    .thenComparing(n -> n.role().ordinal()));
            return List.copyOf(ordered);
        }
    }

    /** Servers first, then storage, then the proxy. */
    private static int sortGroup(Node n) {
        return n.role() == Role.PROXY ? 2 : n.role() == Role.STORAGE || n.role() == Role.STORAGE_PG ? 1 : 0;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (Thread.currentThread() != shutdownHook) {
            removeHook();
        }
        leftovers.removeRun(labels.runId());
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already exiting: the hook runs (or has run) close() itself.
            return;
        }
    }
}
