package io.lockchaos.faults.nemesis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import io.lockchaos.faults.schedule.CpuShare;
import java.util.Optional;

/** A node in memory with every capability; remembers its state and what was done to it. */
final class FakeNode extends FakeFirewall implements Pausable, Killable, ClockSkewable, Starvable {

    final List<String> actions = new ArrayList<>();
    boolean paused;
    boolean running = true;
    Duration offset = Duration.ZERO;
    Optional<CpuShare> cpu = Optional.empty();
    RuntimeException failPause;
    /** The nodes that serve only together, as a quorum does: awaiting one fails while any of them is down. */
    List<FakeNode> quorum = List.of();

    FakeNode(String name, String ip) {
        super(name, ip);
    }

    @Override
    public void pause() {
        if (failPause != null) {
            throw failPause;
        }
        actions.add("pause");
        paused = true;
    }

    @Override
    public void resume() {
        actions.add("resume");
        paused = false;
    }

    @Override
    public boolean isPaused() {
        actions.add("asked paused");
        return paused;
    }

    @Override
    public void kill() {
        actions.add("kill");
        running = false;
    }

    @Override
    public void launch() {
        actions.add("start");
        running = true;
    }

    @Override
    public String awaitServing() {
        if (quorum.stream().anyMatch(n -> !n.running)) {
            throw new NemesisException(name() + " does not serve: its quorum is down");
        }
        actions.add("await");
        return "127.0.0.1:" + (40000 + actions.size());
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public Duration clockOffset() {
        return offset;
    }

    @Override
    public void setClockOffset(Duration value) {
        actions.add("clock " + value.toSeconds());
        offset = value;
    }

    @Override
    public Optional<CpuShare> cpuLimit() {
        return cpu;
    }

    @Override
    public void setCpuLimit(Optional<CpuShare> share) {
        actions.add("cpu " + share.map(CpuShare::toString).orElse("unlimited"));
        cpu = share;
    }
}
