package io.lockchaos.faults.nemesis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** A node's iptables in memory: the peers it drops. Fakes of servers and of workers extend it. */
abstract class FakeFirewall implements Partitionable {

    private final String name;
    private final String ip;
    final List<String> dropped = new ArrayList<>();

    FakeFirewall(String name, String ip) {
        this.name = name;
        this.ip = ip;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String ip() {
        return ip;
    }

    @Override
    public void drop(Collection<String> peerIps) {
        dropped.addAll(peerIps);
    }

    @Override
    public void undrop(Collection<String> peerIps) {
        peerIps.forEach(dropped::remove);
    }

    @Override
    public List<String> droppedPeers() {
        return List.copyOf(dropped);
    }

    @Override
    public int undropAll() {
        int n = dropped.size();
        dropped.clear();
        return n;
    }
}
