/**
 * Clusters: the Redis and ZooKeeper servers a scenario runs against, each a container on a
 * Docker network of its own.
 *
 * <p>{@link io.lockchaos.cluster.Clusters#start} starts a {@link io.lockchaos.cluster.Topology}
 * (one naive Redis, Redis with replicas and Sentinels, five Redlock masters, a ZooKeeper
 * ensemble; every one with a separate {@code storage} Redis for the ledger) and returns a
 * {@link io.lockchaos.cluster.Cluster}: the {@link io.lockchaos.cluster.Node}s with what a
 * fault needs to reach each one (container id, the server's pid, its IP on the cluster
 * network, the port published on 127.0.0.1, its {@link io.lockchaos.cluster.Role}).
 * Closing a cluster removes its containers and network; closing twice is harmless. A
 * topology's {@link io.lockchaos.cluster.Layout} names its nodes and roles without starting
 * anything (what a scenario's schedule may target is checked against it).
 *
 * <p>Each topology is one {@link io.lockchaos.cluster.TopologyDescriptor} (its lock-service
 * nodes and roles, how they start and when they are ready, which nodes and options a lock client
 * is given, whether its lock service is Redis), registered by one line in
 * {@link io.lockchaos.cluster.Topology}; what a node takes of the faults is its
 * {@link io.lockchaos.cluster.Role}'s. {@link io.lockchaos.cluster.LockWiring}
 * builds the lock config a client is handed, for a run's workers and for tests alike.
 *
 * <p>Images are the ones {@code docker/setup.sh} builds, tagged by a hash of their build
 * context ({@link io.lockchaos.cluster.ImageTags} computes the same tag). Testcontainers
 * runs without Ryuk here (TESTCONTAINERS_RYUK_DISABLED=true), so lockchaos cleans up after itself: every container and network
 * carries {@link io.lockchaos.cluster.RunLabels}, a JVM shutdown hook removes a running
 * cluster on Ctrl-C, and each start first removes what killed runs left behind
 * ({@link io.lockchaos.cluster.Leftovers}).
 *
 * <p>Every topology also has a {@code toxiproxy} node ({@link io.lockchaos.cluster.Role#PROXY}):
 * a Toxiproxy-API server with one proxy per server node, named after the node, so that a
 * client connecting to {@link io.lockchaos.cluster.Node#proxyPort()} can be slowed, cut or reset
 * by {@link io.lockchaos.cluster.Cluster#links()}. By default it runs lockchaos's own server from
 * the node jar ({@link io.lockchaos.cluster.NodeJar} finds it); {@code LOCKCHAOS_TOXIPROXY_IMAGE} (or
 * {@link io.lockchaos.cluster.ClusterOptions#withToxiproxyImage}) runs Shopify's image instead.
 * Two kinds of server links go through proxies of their own too: each Redis replica's
 * replication link ({@code redis-2-replication}, {@code ReplicationLinks}) and each ZooKeeper
 * server's quorum port ({@code zk-2-quorum}, {@code QuorumLinks}), by NAT rules in the
 * servers' own network namespaces.
 *
 * <p>Sentinel and other servers name nodes by their IP on the cluster network; a client on
 * the host maps such an address back to a published port with
 * {@link io.lockchaos.cluster.Cluster#nodeAt(String)}.
 */
package io.lockchaos.cluster;
