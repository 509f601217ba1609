package io.lockchaos.cluster;

/**
 * How to start a cluster.
 *
 * @param zkNodes the size of a ZooKeeper ensemble: 3 or 5 (other topologies ignore it)
 * @param persist whether Redis nodes run with {@code appendonly yes} and
 *     {@code appendfsync always}, so that a restart keeps acknowledged writes
 */
public record ClusterOptions(int zkNodes, boolean persist) {

    /** Three ZooKeeper nodes, Redis without persistence. */
    public static final ClusterOptions DEFAULTS = new ClusterOptions(3, false);

    public ClusterOptions {
        if (zkNodes != 3 && zkNodes != 5) {
            throw new ClusterException("zkNodes is " + zkNodes + "; a ZooKeeper ensemble here has 3 or 5 nodes");
        }
    }

    public ClusterOptions withPersist(boolean value) {
        return new ClusterOptions(zkNodes, value);
    }

    public ClusterOptions withZkNodes(int value) {
        return new ClusterOptions(value, persist);
    }
}
