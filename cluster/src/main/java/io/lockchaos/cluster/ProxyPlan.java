package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.EtcdContainer;
import io.lockchaos.cluster.containers.HazelcastContainer;
import io.lockchaos.cluster.containers.JvmContainer;
import io.lockchaos.cluster.containers.ProxyContainer;
import io.lockchaos.cluster.containers.ZooKeeperContainer;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code toxiproxy} node of a cluster and its routes: one proxy per server node, named
 * after it, listening on a port of its own in the proxy container, upstream the node's
 * server port; then one per replica for its replication link ({@code redis-2-replication},
 * upstream the master); then one per ZooKeeper server for its quorum port ({@code zk-2-quorum},
 * upstream {@code zk-2:2888}).
 *
 * @param spec the proxy node to start (with every listen port exposed)
 * @param container its container, for the published ports once started
 * @param routes one per server node, in plan order
 * @param replication one per replica, in plan order
 * @param quorum one per ZooKeeper server, in plan order
 * @param peers one per etcd or Hazelcast member's peer port, in plan order
 */
record ProxyPlan(NodeSpec spec, ProxyContainer container, List<Route> routes, List<ReplicationRoute> replication,
                 List<QuorumRoute> quorum, List<PeerRoute> peers) {

    /**
     * One proxy.
     *
     * @param node the server node's name, also the proxy's name
     * @param port the server's port (the proxy's upstream is {@code node:port})
     * @param listenPort where the proxy listens inside the proxy container
     */
    record Route(String node, int port, int listenPort) {
        String listen() {
            return "0.0.0.0:" + listenPort;
        }

        String upstream() {
            return node + ":" + port;
        }
    }

    /**
     * The proxy of one replica's replication link: named {@link Node#replicationProxy}, listening
     * on {@code listenPort}, upstream {@code master:port}.
     */
    record ReplicationRoute(String replica, String master, int port, int listenPort) {
        String name() {
            return Node.replicationProxy(replica);
        }

        String listen() {
            return "0.0.0.0:" + listenPort;
        }

        String upstream() {
            return master + ":" + port;
        }
    }

    /**
     * The proxy of one ZooKeeper server's quorum port, where it serves its followers when it
     * leads: named {@link Node#quorumProxy}, listening on {@code listenPort}, upstream
     * {@code server:2888}.
     */
    record QuorumRoute(String server, int listenPort) {
        String name() {
            return Node.quorumProxy(server);
        }

        String listen() {
            return "0.0.0.0:" + listenPort;
        }

        String upstream() {
            return server + ":" + ZooKeeperContainer.QUORUM_PORT;
        }
    }

    /**
     * The proxy of one etcd or Hazelcast member's peer port: named {@link Node#peerProxy},
     * listening on {@code listenPort}, upstream {@code member:peerPort} (etcd 2380, Hazelcast's
     * member endpoint 5701). It is used from inside the network only.
     */
    record PeerRoute(String member, int peerPort, int listenPort) {
        String name() {
            return Node.peerProxy(member);
        }

        String listen() {
            return "0.0.0.0:" + listenPort;
        }

        String upstream() {
            return member + ":" + peerPort;
        }
    }

    /**
     * A proxy for every node in {@code waves}, for every replica's link to the master and for
     * every ZooKeeper server's quorum port, run as {@code options} say.
     */
    static ProxyPlan forNodes(List<List<NodeSpec>> waves, ClusterOptions options, ImageTags images) {
        List<Route> routes = new ArrayList<>();
        List<NodeSpec> all = waves.stream().flatMap(List::stream).toList();
        for (NodeSpec node : all) {
            routes.add(new Route(node.name(), node.port(), ProxyContainer.listenPort(routes.size())));
        }
        List<ReplicationRoute> replication = new ArrayList<>();
        all.stream().filter(n -> n.role() == Role.MASTER).findFirst().ifPresent(master -> all.stream()
                .filter(n -> n.role() == Role.REPLICA)
                .forEach(r -> replication.add(new ReplicationRoute(r.name(), master.name(), master.port(),
                        ProxyContainer.listenPort(routes.size() + replication.size())))));
        List<QuorumRoute> quorum = new ArrayList<>();
        all.stream().filter(n -> n.role() == Role.ZK).forEach(zk -> quorum.add(new QuorumRoute(zk.name(),
                ProxyContainer.listenPort(routes.size() + replication.size() + quorum.size()))));
        int ports = routes.size() + replication.size() + quorum.size();
        List<PeerRoute> peers = new ArrayList<>();
        for (NodeSpec m : all) {
            int peerPort = m.role() == Role.ETCD ? EtcdContainer.PEER_PORT
                    : m.role() == Role.HAZELCAST ? HazelcastContainer.MEMBER_PORT : 0;
            if (peerPort != 0) {
                peers.add(new PeerRoute(m.name(), peerPort, ProxyContainer.listenPort(ports + peers.size())));
            }
        }
        ProxyContainer container = options.upstreamToxiproxy()
                ? ProxyContainer.upstream(options.toxiproxyImage(), ports)
                : ProxyContainer.lockchaos(images.tag(Image.JVM), NodeJar.find(), ports,
                        JvmContainer.engineIsLocal());
        NodeSpec spec = new NodeSpec(Node.PROXY_HOST, Role.PROXY, ProxyContainer.API_PORT, false, container);
        return new ProxyPlan(spec, container, List.copyOf(routes), List.copyOf(replication),
                List.copyOf(quorum), List.copyOf(peers));
    }
}
