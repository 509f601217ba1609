package io.lockchaos.cluster;

/**
 * How to start a cluster.
 *
 * @param zkNodes the size of a ZooKeeper ensemble: 3 or 5 (other topologies ignore it)
 * @param persist whether Redis nodes run with {@code appendonly yes} and
 *     {@code appendfsync always}, so that a restart keeps acknowledged writes
 * @param toxiproxyImage the image of the {@code toxiproxy} node: empty for lockchaos's own
 *     Toxiproxy-compatible server (in image {@code lockchaos/jvm}), else an image of Shopify's
 *     Toxiproxy such as {@code ghcr.io/shopify/toxiproxy:2.9.0}, run with {@code -host=0.0.0.0}
 */
public record ClusterOptions(int zkNodes, boolean persist, String toxiproxyImage) {

    /** The environment variable that switches every cluster to another Toxiproxy image. */
    public static final String TOXIPROXY_IMAGE_ENV = "LOCKCHAOS_TOXIPROXY_IMAGE";

    /** Three ZooKeeper nodes, Redis without persistence, the Toxiproxy image from the environment. */
    public static final ClusterOptions DEFAULTS = new ClusterOptions(3, false);

    public ClusterOptions {
        if (zkNodes != 3 && zkNodes != 5) {
            throw new ClusterException("zkNodes is " + zkNodes + "; a ZooKeeper ensemble here has 3 or 5 nodes");
        }
        toxiproxyImage = toxiproxyImage == null ? "" : toxiproxyImage.strip();
    }

    /**
     * With the Toxiproxy image named by {@value #TOXIPROXY_IMAGE_ENV} (unset or empty:
     * lockchaos's own server).
     */
    public ClusterOptions(int zkNodes, boolean persist) {
        this(zkNodes, persist, System.getenv(TOXIPROXY_IMAGE_ENV));
    }

    public ClusterOptions withPersist(boolean value) {
        return new ClusterOptions(zkNodes, value, toxiproxyImage);
    }

    public ClusterOptions withZkNodes(int value) {
        return new ClusterOptions(value, persist, toxiproxyImage);
    }

    /** With {@code image} as the {@code toxiproxy} node (empty: lockchaos's own server). */
    public ClusterOptions withToxiproxyImage(String image) {
        return new ClusterOptions(zkNodes, persist, image);
    }

    /** Whether the {@code toxiproxy} node runs Shopify's Toxiproxy rather than lockchaos's server. */
    public boolean upstreamToxiproxy() {
        return !toxiproxyImage.isEmpty();
    }
}
