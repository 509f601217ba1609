package io.lockchaos.cluster.nemesis;

import io.lockchaos.faults.nemesis.ClientNode;
import io.lockchaos.faults.nemesis.ClockSkewable;
import io.lockchaos.faults.nemesis.Starvable;
import java.time.Duration;
import io.lockchaos.faults.schedule.CpuShare;
import java.util.Optional;
import io.lockchaos.faults.nemesis.HoldsAtRead;
import io.lockchaos.workloads.worker.HoldAtRead;

/**
 * A worker container as a fault target. {@code pause worker-2} freezes the worker's JVM (the
 * container's PID 1, started by {@code faketime-exec} with {@code exec}) with SIGSTOP sent
 * from outside, so the lock client's own threads stop too; the heal is SIGCONT. Asked to hold
 * at its next read ({@link HoldsAtRead}), it is sent SIGUSR1, and the worker holds still right
 * after that read and says so on stderr ({@link HoldAtRead}), for the pause to land there.
 * {@code partition workers worker-2} cuts it off from the lock service with tagged iptables
 * rules in its own namespace, both directions ({@link Iptables}; the container has
 * {@code NET_ADMIN}); the heal deletes exactly those rules. {@code starve worker-2 5%} caps its
 * container's CPU quota (the JVM runs on, slowly; its watchdog and timers fall behind).
 * {@code clock worker-2 +30s} moves the wall clock its JVM sees: the JVM runs under libfaketime
 * ({@code faketime-exec}, with {@code FAKETIME_DONT_FAKE_MONOTONIC=1}), so
 * {@code System.currentTimeMillis()} moves while {@code System.nanoTime()}, which times the
 * worker's history, does not. A worker that has already ended
 * is neither paused, resumed, starved, skewed nor cut. Its state is read from the container ({@code /proc/1/stat},
 * {@code iptables -S}), never remembered.
 */
final class WorkerNode implements HoldsAtRead, ClockSkewable, Starvable, ClientNode, IptablesNode {

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
    public void holdAtNextRead() {
        if (ops.isRunning()) {
            ops.signal(HoldAtRead.SIGNAL);
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
    public Duration clockOffset() {
        if (!ops.isRunning()) {
            return Duration.ZERO;
        }
        return ops.clockOffset();
    }

    @Override
    public void setClockOffset(Duration offset) {
        if (ops.isRunning()) {
            ops.setClockOffset(offset);
        }
    }

    @Override
    public Optional<CpuShare> cpuLimit() {
        return ops.isRunning() ? ops.cpuLimit() : Optional.empty();
    }

    @Override
    public void setCpuLimit(Optional<CpuShare> share) {
        if (ops.isRunning()) {
            ops.setCpuLimit(share);
        }
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
