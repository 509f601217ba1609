package io.lockchaos.harness.nemesis;

import io.lockchaos.faults.nemesis.ClientNode;
import io.lockchaos.faults.nemesis.Pausable;

/**
 * A worker container as a fault target. {@code pause worker-2} freezes the worker's JVM (the
 * container's PID 1, started by {@code faketime-exec} with {@code exec}) with SIGSTOP sent
 * from outside, so the lock client's own threads stop too; the heal is SIGCONT.
 * {@code partition workers worker-2} cuts it off from the lock service with tagged iptables
 * rules in its own namespace, both directions ({@link Iptables}; the container has
 * {@code NET_ADMIN}); the heal deletes exactly those rules. A worker that has already ended
 * is neither paused, resumed nor cut. Its state is read from the container ({@code /proc/1/stat},
 * {@code iptables -S}), never remembered.
 */
final class WorkerNode implements Pausable, ClientNode, IptablesNode {

    private final String name;
    private final ContainerOps ops;
    private final Iptables iptables;

    WorkerNode(String name, String containerId) {
        this.name = name;
        this.ops = new ContainerOps(containerId, name);
        this.iptables = new Iptables(ops, true, false);
    }

    @Override
    public String name() {
        return name;
    }

    /** Its address on the cluster network, asked of Docker (nothing touches Docker before a fault). */
    @Override
    public String ip() {
        return ops.inspect().getNetworkSettings().getNetworks().values().stream().findFirst()
                .map(n -> n.getIpAddress()).orElse("");
    }

    @Override
    public void pause() {
        if (ops.isRunning()) {
            ops.signal("STOP");
        }
    }

    @Override
    public void resume() {
        ops.thaw();
    }

    @Override
    public boolean isPaused() {
        return ops.isStopped();
    }

    @Override
    public Iptables iptables() {
        return iptables;
    }

    @Override
    public String toString() {
        return name + " (worker)";
    }
}
