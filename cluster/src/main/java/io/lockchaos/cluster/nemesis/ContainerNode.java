package io.lockchaos.cluster.nemesis;

import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.ServingProbe;
import io.lockchaos.cluster.containers.FaketimeFile;
import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.faults.nemesis.ClockSkewable;
import io.lockchaos.faults.nemesis.Killable;
import io.lockchaos.faults.nemesis.NemesisException;
import io.lockchaos.faults.nemesis.Pausable;
import io.lockchaos.faults.nemesis.Starvable;
import java.time.Duration;
import io.lockchaos.faults.schedule.CpuShare;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * A server container as a fault target. Pauses are SIGSTOP/SIGCONT sent from outside (the
 * server is the container's PID 1, which cannot be stopped from inside); kills are SIGKILL
 * and {@code docker start} (the container's file system, and so a persistent Redis's
 * append-only file, survives; the published port changes and is looked up again); clock
 * offsets are the libfaketime file; CPU starvation is the container's CPU quota (the engine's
 * update API, so it also reaches a paused server); partitions are iptables rules in the container's own
 * network namespace ({@link Iptables}), tagged so that only ours are removed.
 * Every state question is asked of the container, never remembered.
 */
final class ContainerNode implements Pausable, Killable, ClockSkewable, Starvable, IptablesNode {

    static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Role role;
    private final int port;
    private final ContainerOps ops;
    private final Iptables iptables;
    private volatile String ip;
    private volatile int hostPort;

    ContainerNode(String name, Role role, String containerId, String ip, int port, int hostPort) {
        this.name = name;
        this.role = role;
        this.port = port;
        this.ip = ip;
        this.hostPort = hostPort;
        this.ops = new ContainerOps(containerId, name);
        this.iptables = new Iptables(ops, false, role.peerLink(name).isPresent());
    }

    static ContainerNode of(Node node) {
        return new ContainerNode(node.name(), node.role(), node.containerId(), node.ip(), node.port(), node.hostPort());
    }

    @Override
    public String name() {
        return name;
    }

    Role role() {
        return role;
    }

    @Override
    public String ip() {
        return ip;
    }

    /** The port published on {@link Node#HOST} now (it changes when the node is restarted). */
    int hostPort() {
        return hostPort;
    }

    ContainerOps ops() {
        return ops;
    }

    // Pausable

    @Override
    public void pause() {
        ops.signal("STOP");
    }

    @Override
    public void resume() {
        ops.thaw();
    }

    @Override
    public boolean isPaused() {
        return ops.isStopped();
    }

    // Killable

    @Override
    public void kill() {
        if (isRunning()) {
            ops.signal("KILL");
            awaitStopped();
        }
    }

    @Override
    public void launch() {
        if (!isRunning()) {
            ops.start();
        }
    }

    @Override
    public String awaitServing() {
        var inspect = ops.inspect();
        inspect.getNetworkSettings().getNetworks().values().stream().findFirst()
                .ifPresent(network -> ip = network.getIpAddress());
        hostPort = ops.publishedPort(port);
        awaitAnswer();
        return Node.HOST + ":" + hostPort;
    }

    @Override
    public boolean isRunning() {
        return ops.isRunning();
    }

    private void awaitStopped() {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (ops.isRunning()) {
            if (System.nanoTime() > deadline) {
                throw new NemesisException(name + " still runs 30 s after SIGKILL");
            }
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
    }

    /** Waits until the restarted server answers as its role's {@link ServingProbe} asks (Redis PING, ZooKeeper srvr). */
    private void awaitAnswer() {
        ServingProbe probe = role.serving();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                ServingProbe.Answer answer = probe.ask(command -> ops.exec(command).output(), port, hostPort);
                if (answer.serving()) {
                    return;
                }
                last = answer.text();
            } catch (RuntimeException notYet) {
                last = notYet.getMessage();
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
        throw new NemesisException(name + " was started again but did not serve within " + START_TIMEOUT
                + "; last answer: " + last + " (see 'docker logs " + ops.containerId() + "')");
    }

    // ClockSkewable

    @Override
    public Duration clockOffset() {
        try {
            return ops.clockOffset();
        } catch (ContainerGoneException gone) {
            return Duration.ZERO; // a removed server has no clock left to set back
        }
    }

    @Override
    public void setClockOffset(Duration offset) {
        ops.setClockOffset(offset);
    }

    // Starvable

    @Override
    public Optional<CpuShare> cpuLimit() {
        return ops.cpuLimit();
    }

    @Override
    public void setCpuLimit(Optional<CpuShare> share) {
        ops.setCpuLimit(share);
    }

    // Partitionable: IptablesNode

    @Override
    public Iptables iptables() {
        return iptables;
    }

    @Override
    public String toString() {
        return name + " (" + role.label() + ", " + ip + ")";
    }
}
