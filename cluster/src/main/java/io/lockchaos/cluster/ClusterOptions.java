package io.lockchaos.cluster;

import io.lockchaos.workloads.storage.Store;

/**
 * How to start a cluster.
 *
 * @param zkNodes the size of a ZooKeeper ensemble: 3 or 5 (other topologies ignore it)
 * @param persist whether Redis nodes run with {@code appendonly yes} and
 *     {@code appendfsync always}, so that a restart keeps acknowledged writes
 * @param toxiproxyImage the image of the {@code toxiproxy} node: empty for lockchaos's own
 *     Toxiproxy-compatible server (in image {@code lockchaos/jvm}), else an image of Shopify's
 *     Toxiproxy such as {@code ghcr.io/shopify/toxiproxy:2.9.0}, run with {@code -host=0.0.0.0}
 * @param tokenServer whether a Redis topology also gets {@code zk-tokens}, a standalone
 *     ZooKeeper ({@link Role#TOKENS}) for {@code zk} fencing tokens (a zookeeper topology has its
 *     ensemble and ignores it)
 * @param store what the {@code storage} node runs: the ledgers' Redis, or a PostgreSQL
 */
public record ClusterOptions(int zkNodes, boolean persist, String toxiproxyImage, boolean tokenServer, Store store) {

    /** The environment variable that switches every cluster to another Toxiproxy image. */
    public static final String TOXIPROXY_IMAGE_ENV = "LOCKCHAOS_TOXIPROXY_IMAGE";

    /** Three ZooKeeper nodes, Redis without persistence, the Toxiproxy image from the environment. */
    public static final ClusterOptions DEFAULTS = new ClusterOptions(3, false);

    public ClusterOptions {
        if (zkNodes != 3 && zkNodes != 5) {
            throw new ClusterException("zkNodes is " + zkNodes + "; a ZooKeeper ensemble here has 3 or 5 nodes");
        }
        toxiproxyImage = toxiproxyImage == null ? "" : toxiproxyImage.strip();
        java.util.Objects.requireNonNull(store, "store");
    }

    /** With the ledgers in Redis. */
    public ClusterOptions(int zkNodes, boolean persist, String toxiproxyImage, boolean tokenServer) {
        this(zkNodes, persist, toxiproxyImage, tokenServer, Store.REDIS);
    }

    /** Without a token server. */
    public ClusterOptions(int zkNodes, boolean persist, String toxiproxyImage) {
        this(zkNodes, persist, toxiproxyImage, false);
    }

    /**
     * With the Toxiproxy image named by {@value #TOXIPROXY_IMAGE_ENV} (unset or empty:
     * lockchaos's own server).
     */
    public ClusterOptions(int zkNodes, boolean persist) {
        this(zkNodes, persist, System.getenv(TOXIPROXY_IMAGE_ENV));
    }

    public ClusterOptions withPersist(boolean value) {
        return new ClusterOptions(zkNodes, value, toxiproxyImage, tokenServer, store);
    }

    public ClusterOptions withZkNodes(int value) {
        return new ClusterOptions(value, persist, toxiproxyImage, tokenServer, store);
    }

    /** With {@code image} as the {@code toxiproxy} node (empty: lockchaos's own server). */
    public ClusterOptions withToxiproxyImage(String image) {
        return new ClusterOptions(zkNodes, persist, image, tokenServer, store);
    }

    /** With or without {@code zk-tokens}, the standalone ZooKeeper for {@code zk} tokens on a Redis topology. */
    public ClusterOptions withTokenServer(boolean value) {
        return new ClusterOptions(zkNodes, persist, toxiproxyImage, value, store);
    }

    /** With the ledgers in {@code value}'s server. */
    public ClusterOptions withStore(Store value) {
        return new ClusterOptions(zkNodes, persist, toxiproxyImage, tokenServer, value);
    }

    /** Whether the {@code toxiproxy} node runs Shopify's Toxiproxy rather than lockchaos's server. */
    public boolean upstreamToxiproxy() {
        return !toxiproxyImage.isEmpty();
    }
}
