package io.lockchaos.harness.run;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultNotSupportedException;
import io.lockchaos.faults.nemesis.FaultRecorder;
import io.lockchaos.faults.nemesis.Nemesis;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.nemesis.ScheduleClock;
import io.lockchaos.faults.nemesis.ScheduleRunner;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The run's fault schedule, played by a {@link ScheduleRunner} on a thread of its own while
 * the workers run, over the cluster's nodes and the workers ({@code worker-1} ...). Every
 * injection and heal goes into the run's history as a {@code :nemesis} op, timed like the
 * workers' ops (nanoseconds since the run's start). {@link #stopAndHeal()} ends the schedule
 * and heals everything; the run calls it before the workers stop, and again on close.
 * A target {@code holder-<lane>} of a pause, a clock fault, a starvation or {@code partition workers} is the lane's
 * worker that holds a lock at that moment; a target {@code waiter-<lane>} is another worker of that lane, chosen
 * at the same moment.
 * A {@code random every ...} or {@code random around ...} schedule is drawn here, from {@link #menu()} and the scenario's seed.
 */
final class RunNemesis implements Nemesis {

    private static final Duration HOLDER_PATIENCE = Duration.ofSeconds(10);

    private final NodeNemesis nemesis;
    private final Scenario scenario;
    private final Holders holders;
    private final ScheduleRunner runner;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final Schedule schedule;
    private final Thread thread;
    private final FaultRecorder recorder;
    private final java.util.concurrent.atomic.AtomicBoolean healed = new java.util.concurrent.atomic.AtomicBoolean();

    RunNemesis(Scenario scenario, SchedulePlan plan, ClusterTargets targets, Holders holders, HistoryLog history,
               long start, Consumer<String> say) {
        this.scenario = scenario;
        this.holders = holders;
        this.recorder = (f, value) -> {
            history.append(new Op(0, System.nanoTime() - start, OpType.INFO, Process.NEMESIS, f, value));
            say.accept("nemesis: " + NemesisSentence.of(f, value));
        };
        this.nemesis = new NodeNemesis(targets, this.recorder, scenario.seed());
        this.runner = new ScheduleRunner(this, ScheduleClock.SYSTEM);
        this.schedule = plan.resolve(scenario.seed(), scenario.duration(), menu());
        this.thread = new Thread(() -> play(schedule), "lockchaos-nemesis");
        thread.setDaemon(true);
    }

    private void play(Schedule schedule) {
        try {
            runner.run(schedule);
        } catch (RuntimeException e) {
            failure.set(e);
        }
    }

    /** The schedule this nemesis plays: the script, or the random schedule drawn from {@link #menu()}. */
    Schedule schedule() {
        return schedule;
    }

    /**
     * Starts the schedule: its times count from now. An empty schedule injects nothing, so it
     * starts nothing either: the cluster is fresh, and the final sweep of every node (a
     * {@code docker exec} per node and worker, 34 s at load 50) would only find it clean.
     */
    void start() {
        if (!schedule.steps().isEmpty()) {
            recorder.record(NemesisOps.SCHEDULE_START, Value.map());
            thread.start();
        }
    }

    /**
     * Ends the schedule (if still playing) and waits for its final heal; heals all again only
     * when the schedule did not end by itself or failed (else the history would show the same
     * {@code heal-all} twice); rethrows a fault's failure. Only the first call does anything.
     */
    void stopAndHeal() {
        if (!healed.compareAndSet(false, true) || thread.getState() == Thread.State.NEW) {
            return;
        }
        runner.stop();
        try {
            thread.join(Duration.ofSeconds(120).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunException("interrupted while the nemesis healed", e);
        } finally {
            if (thread.isAlive() || failure.get() != null) {
                nemesis.healAll();
            }
        }
        if (thread.isAlive()) {
            throw new RunException("the nemesis did not end within 120 s of being stopped");
        }
        RuntimeException e = failure.getAndSet(null);
        if (e != null) {
            throw new RunException("the fault schedule of " + scenario.name() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public ActiveFault inject(FaultSpec fault) {
        return nemesis.inject(fault.renameWorkers(this::resolve));
    }

    /**
     * Replaces each {@code holder-<lane>} by a worker of that lane that holds a lock, all
     * chosen at one moment, each within the first half of its think time, and each
     * {@code waiter-<lane>} by the first other worker of that lane (a holder found at the same
     * moment is not a waiter).
     */
    private List<String> resolve(List<String> targets) {
        List<Integer> aliased = new ArrayList<>();
        List<List<String>> groups = new ArrayList<>();
        for (int k = 0; k < targets.size(); k++) {
            String t = targets.get(k);
            if (t.startsWith(Holders.ALIAS) || t.startsWith(Holders.WAITER)) {
                aliased.add(k);
                groups.add(laneWorkers(t));
            }
        }
        if (groups.isEmpty()) {
            return targets;
        }
        Duration fresh = scenario.think().dividedBy(2);
        List<String> chosen = holders.awaitHolders(groups, fresh, HOLDER_PATIENCE).orElseThrow(() -> new RunException(
                "'" + targets + "': no moment within " + HOLDER_PATIENCE.toSeconds() + " s when a worker of each lane "
                        + groups + " held a lock taken less than " + fresh.toMillis() + " ms before"));
        List<String> resolved = new ArrayList<>(targets);
        for (int k = 0; k < aliased.size(); k++) {
            int at = aliased.get(k);
            String holder = chosen.get(k);
            resolved.set(at, targets.get(at).startsWith(Holders.WAITER) ? Holders.waiter(groups.get(k), holder) : holder);
        }
        return resolved;
    }

    private List<String> laneWorkers(String alias) {
        String laneName = alias.substring(alias.indexOf('-') + 1);
        Lane lane = scenario.lanes().stream().filter(l -> l.name().equals(laneName)).findFirst()
                .orElseThrow(() -> new FaultNotSupportedException("'" + alias + "': no lane '" + laneName
                        + "'; lanes: " + scenario.lanes().stream().map(Lane::name).toList()));
        return lane.workerNames();
    }

    @Override
    public void healAll() {
        nemesis.healAll();
    }

    /** What the cluster's nodes and the workers support, plus a {@code holder-<lane>} pause and starve target per lane. */
    @Override
    public FaultMenu menu() {
        List<String> aliases = scenario.lanes().stream().map(Lane::holderAlias).toList();
        FaultMenu menu = nemesis.menu().withHolders(FaultKind.PAUSE, aliases);
        return menu.offered(FaultKind.STARVE).isEmpty() ? menu : menu.withHolders(FaultKind.STARVE, aliases);
    }
}
