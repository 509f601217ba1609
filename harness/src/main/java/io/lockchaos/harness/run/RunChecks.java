package io.lockchaos.harness.run;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.checker.lock.LockChecks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lock checks of a run: {@link LockChecks#checkEach} on each lane's part of the history
 * (its workers' processes, the final reads of its keys, and every nemesis op), reported as
 * {@code mutex-unfenced}, {@code ledger-fenced}, ..., plus each check merged over the lanes
 * under its plain name ({@code mutex}: invalid in any lane is invalid).
 */
final class RunChecks {

    private RunChecks() {
    }

    /** Every check's result by name, the merged ones first, in {@link Scenario#checkNames()} order. */
    static Map<String, CheckResult> run(Scenario scenario, History history, CheckOptions options) {
        Map<String, List<CheckResult>> byCheck = new LinkedHashMap<>();
        Scenario.CHECKS.forEach(c -> byCheck.put(c, new ArrayList<>()));
        Map<String, CheckResult> perLane = new LinkedHashMap<>();
        for (Lane lane : scenario.lanes()) {
            History part = part(history, lane, scenario.totalWorkers());
            for (CheckResult r : new LockChecks().checkEach(part, options)) {
                perLane.put(r.check() + "-" + lane.name(), new CheckResult(r.check() + "-" + lane.name(), r.valid(),
                        r.summary(), r.evidence()));
                byCheck.computeIfAbsent(r.check(), c -> new ArrayList<>()).add(r);
            }
        }
        Map<String, CheckResult> all = new LinkedHashMap<>();
        byCheck.forEach((check, results) -> all.put(check, merge(check, results, scenario.lanes())));
        all.putAll(perLane);
        return all;
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
