package io.lockchaos.harness.run;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.checker.lock.TicksCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lock checks of a run: {@link LockChecks#checkEach} on each lane's part of the history
 * (its workers' processes, the final reads of its keys, and every nemesis op), reported as
 * {@code mutex-unfenced}, {@code ledger-fenced}, ..., plus each check merged over the lanes
 * under its plain name ({@code mutex}: invalid in any lane is invalid). A reentrant backend's
 * lanes are checked with the reentrant models ({@link LockChecks#of}), every other's with the plain ones.
 */
final class RunChecks {

    private RunChecks() {
    }

    /** Every check's result by name, the merged ones first, in {@link Scenario#checkNames()} order. */
    static Map<String, CheckResult> run(Scenario scenario, History history, CheckOptions options) {
        Map<String, List<CheckResult>> byCheck = new LinkedHashMap<>();
        scenario.checks().forEach(c -> byCheck.put(c, new ArrayList<>()));
        Map<String, CheckResult> perLane = new LinkedHashMap<>();
        LockChecks checks = checks(scenario);
        for (Lane lane : scenario.lanes()) {
            History part = part(history, lane, scenario.totalWorkers());
            for (CheckResult r : checks.checkEach(part, options)) {
                String name = CheckName.of(r.check(), lane.fencing()).id();
                perLane.put(name, new CheckResult(name, r.valid(), r.summary(), r.evidence()));
                byCheck.computeIfAbsent(r.check(), c -> new ArrayList<>()).add(r);
            }
        }
        Map<String, CheckResult> all = new LinkedHashMap<>();
        byCheck.forEach((check, results) -> all.put(check, merge(check, results, scenario.lanes())));
        all.putAll(perLane);
        return all;
    }

    /** The lock checks (the reentrant models where the workload re-enters), and {@code ticks} in a run with ticks. */
    private static LockChecks checks(Scenario scenario) {
        List<Checker> checks = new ArrayList<>(LockChecks.of(scenario.lock().reentrancy()).checks());
        if (scenario.ticks()) {
            checks.add(new TicksCheck());
        }
        return new LockChecks(checks);
    }

    /** How many of the first recorded events {@link #warmUp} checks. */
    static final int WARM_UP_EVENTS = 1_000;
    /** The time limit of each check in {@link #warmUp}. */
    static final Duration WARM_UP_LIMIT = Duration.ofMillis(250);

    /**
     * Runs the checks once on the first {@value #WARM_UP_EVENTS} events of the history recorded
     * so far and forgets what they say: run during the quiet period, when the JVM has nothing
     * else to do, it loads, initialises and compiles what the real checks run next, on a history
     * small enough that this stays within a fraction of a second. Anything it throws is the real
     * checks' to say, so it is dropped here.
     */
    static void warmUp(Scenario scenario, Path recorded) {
        try {
            run(scenario, HistoryLog.readFirst(recorded, WARM_UP_EVENTS),
                    CheckOptions.defaults().withTimeLimit(WARM_UP_LIMIT));
        } catch (RuntimeException e) {
            // The real checks run on the whole history next and say what is wrong.
        }
    }

    /**
     * Fails the run (not carried out) when no worker of a lane was granted a lock: that lane's
     * checks would say valid with nothing to check, and a scenario that expects valid would
     * match on no evidence. A machine too loaded for the workers to get an answer in time did
     * this (every acquire of {@code redlock-latency} ended {@code :info} at load 70).
     */
    static void requireGrants(Scenario scenario, History history) {
        for (Lane lane : scenario.lanes()) {
            long invoked = 0;
            boolean granted = false;
            for (Op op : history.ops()) {
                if (op.process() instanceof Process.Client c && lane.owns(c.id(), scenario.totalWorkers())
                        && op.f().equals(LockOps.ACQUIRE)) {
                    invoked += op.isInvoke() ? 1 : 0;
                    granted |= op.type() == OpType.OK;
                }
            }
            if (!granted) {
                throw new RunException("no worker of the " + lane.name() + " lane was granted a lock (" + invoked
                        + " acquires invoked, none :ok), so the run shows nothing about the lock: no verdict;"
                        + " see the workers' logs, and run it again on a less loaded machine");
            }
        }
    }

    /** One check over every lane: the highest-priority verdict, each lane's summary, all evidence. */
    private static CheckResult merge(String check, List<CheckResult> results, List<Lane> lanes) {
        CheckResult merged = LockChecks.merge(check, results);
        StringBuilder summary = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            summary.append(i == 0 ? "" : "; ").append(lanes.get(i).name()).append(": ").append(results.get(i).summary());
        }
        return new CheckResult(check, merged.valid(), summary.toString(), merged.evidence());
    }

    /** The events of {@code lane}: its client processes, final reads of its keys, and named actors' others. */
    static History part(History history, Lane lane, int totalWorkers) {
        List<String> keys = lane.lockNames();
        List<Op> events = new ArrayList<>();
        for (Op op : history.ops()) {
            boolean mine;
            if (op.process() instanceof Process.Client c) {
                mine = lane.owns(c.id(), totalWorkers);
            } else if (op.process().equals(Process.FINAL)) {
                mine = LockOps.Field.KEY.string(op.value()).map(keys::contains).orElse(false);
            } else {
                mine = true;
            }
            if (mine) {
                events.add(op);
            }
        }
        return History.of(history.source() + " (" + lane.name() + " lane)", events);
    }
}
