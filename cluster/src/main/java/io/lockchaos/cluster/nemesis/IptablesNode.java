package io.lockchaos.cluster.nemesis;

import io.lockchaos.faults.nemesis.Partitionable;
import java.util.Collection;
import java.util.List;

/** A container whose partitions are its own tagged iptables rules ({@link Iptables}): servers and workers alike. */
interface IptablesNode extends Partitionable {

    /** The rules of this node's network namespace. */
    Iptables iptables();

    @Override
    default void drop(Collection<String> peerIps) {
        iptables().drop(peerIps);
    }

    @Override
    default void undrop(Collection<String> peerIps) {
        iptables().undrop(peerIps);
    }

    @Override
    default List<String> droppedPeers() {
        return iptables().droppedPeers();
    }

    @Override
    default int undropAll() {
        return iptables().undropAll();
    }
}
