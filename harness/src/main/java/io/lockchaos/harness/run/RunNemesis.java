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
import io.lockchaos.faults.nemesis.HoldsAtRead;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import io.lockchaos.workloads.worker.HoldAtRead;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The run's fault schedule, played by a {@link ScheduleRunner} on a thread of its own while
 * the workers run, over the cluster's nodes and the workers ({@code worker-1} ...). Every
 * injection and heal goes into the run's history as a {@code :nemesis} op, timed like the
 * workers' ops (nanoseconds since the run's start). {@link #stopAndHeal()} ends the schedule
 * and heals everything; the run calls it before the workers stop, and again on close.
 * A target {@code holder-<lane>} of a pause, a clock fault, a starvation or {@code partition workers} is the lane's
 * worker that holds a lock at that moment; a target {@code waiter-<lane>} is another worker of that lane, chosen
 * at the same moment. When the scenario's holds are too short to catch from outside
 * ({@link #OUTSIDE_REACH}), a pause of {@code holder-<lane>} asks the lane's worker that has
 * waited longest to hold still right after its next read under a grant, and pauses it there.
 * A {@code random every ...} or {@code random around ...} schedule is drawn here, from {@link #menu()} and the scenario's seed.
 */
final class RunNemesis implements Nemesis {

    private static final Duration HOLDER_PATIENCE = Duration.ofSeconds(10);
    /**
     * How fresh a hold a SIGSTOP sent from outside can still catch: it lands about 60 ms after the
     * holder's read is seen (more under load). A pause of {@code holder-<lane>} in a scenario
     * whose think time's first half is shorter asks a worker to hold still at its next read
     * first ({@link HoldsAtRead}).
     */
    static final Duration OUTSIDE_REACH = Duration.ofMillis(250);

    private final NodeNemesis nemesis;
    private final ClusterTargets targets;
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
        this.targets = targets;
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
        if (fault instanceof FaultSpec.Pause && holdsAtRead(fault.targets())) {
            return nemesis.inject(fault.renameWorkers(this::heldAtRead));
        }
        return nemesis.inject(fault.renameWorkers(this::resolve));
    }

    /**
     * Whether a pause of {@code targets} catches its holders holding still at their next read: it
     * names {@code holder-<lane>} (and no {@code waiter-<lane>}) and the scenario's holds are too
     * short for a SIGSTOP from outside alone ({@link #OUTSIDE_REACH}).
     */
    private boolean holdsAtRead(List<String> targets) {
        return targets.stream().anyMatch(t -> t.startsWith(Holders.ALIAS))
                && targets.stream().noneMatch(t -> t.startsWith(Holders.WAITER))
                && scenario.think().dividedBy(2).compareTo(OUTSIDE_REACH) < 0;
    }

    /**
     * Replaces each {@code holder-<lane>} by the lane's worker that has waited longest for a grant,
     * after asking it to hold still right after its next read under a grant, and waiting until it
     * says it does ({@link HoldAtRead}): the pause sent next lands inside its critical section,
     * however short, within {@link HoldAtRead#HOLD_FOR}.
     */
    private List<String> heldAtRead(List<String> names) {
        List<String> resolved = new ArrayList<>(names);
        List<String> armed = new ArrayList<>();
        long since = System.nanoTime();
        for (int k = 0; k < names.size(); k++) {
            if (names.get(k).startsWith(Holders.ALIAS)) {
                String worker = holders.longestWaiting(laneWorkers(names.get(k)));
                worker(worker).holdAtNextRead();
                resolved.set(k, worker);
                armed.add(worker);
            }
        }
        long deadline = since + HoldAtRead.ARMED_FOR.toNanos();
        for (String worker : armed) {
            while (!holders.heldSince(worker, since)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new RunException("'" + names + "': " + worker + " did not hold after a read under a grant"
                            + " within " + HoldAtRead.ARMED_FOR.toSeconds() + " s of being asked to (no grant came,"
                            + " or its log says why)");
                }
                LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
            }
        }
        return resolved;
    }

    private HoldsAtRead worker(String name) {
        return targets.all(HoldsAtRead.class).stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new FaultNotSupportedException(name + " cannot be asked to hold at its next read"));
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

    /**
     * What the cluster's nodes and the workers support, plus a {@code holder-<lane>} target per
     * lane for each of {@link Lane#DRAWN_AT_HOLDERS} that the workers support.
     */
    @Override
    public FaultMenu menu() {
        List<String> aliases = scenario.lanes().stream().map(Lane::holderAlias).toList();
        FaultMenu menu = nemesis.menu();
        for (FaultKind kind : Lane.DRAWN_AT_HOLDERS) {
            if (!menu.offered(kind).isEmpty()) {
                menu = menu.withHolders(kind, aliases);
            }
        }
        return menu;
    }
}
