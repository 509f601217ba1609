package io.lockchaos.nemesis;

import io.lockchaos.faults.nemesis.Pausable;

/**
 * A worker container as a fault target: {@code pause worker-2} freezes the worker's JVM (the
 * container's PID 1, started by {@code faketime-exec} with {@code exec}) with SIGSTOP sent
 * from outside, so the lock client's own threads stop too; the heal is SIGCONT. A worker that
 * has already ended is neither paused nor resumed. Whether it is paused is read from the
 * container ({@code /proc/1/stat}), never remembered.
 */
final class WorkerNode implements Pausable {

    private final String name;
    private final ContainerOps ops;

    WorkerNode(String name, String containerId) {
        this.name = name;
        this.ops = new ContainerOps(containerId, name);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void pause() {
        if (ops.isRunning()) {
            ops.signal("STOP");
        }
    }

    @Override
    public void resume() {
        if (ops.isRunning()) {
            ops.signal("CONT");
        }
    }

    @Override
    public boolean isPaused() {
        if (!ops.isRunning()) {
            return false;
        }
        String stat = ops.sh("cat /proc/1/stat");
        return stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("T");
    }

    @Override
    public String toString() {
        return name + " (worker)";
    }
}
