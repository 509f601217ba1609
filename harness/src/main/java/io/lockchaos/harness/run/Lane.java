package io.lockchaos.harness.run;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.history.ops.Fencing;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One storage mode of a run and the workers that write to it. Every lane takes the same lock
 * service with its own lock names ({@code <mode>-job-0} ...) and its own ledger keys (the
 * lock's name), so the unfenced and the fenced ledger run side by side under the same faults
 * without sharing data. Lane {@code i} has workers {@code i*perLane+1 .. (i+1)*perLane}
 * (named {@code worker-N}) and client processes {@code i*perLane .. (i+1)*perLane-1}; a
 * retired process goes on as {@code p + total workers}, so {@code p mod total} still says
 * the lane.
 *
 * @param index the lane's position in the scenario's storage list
 * @param fencing the storage mode
 * @param perLane workers in this lane
 * @param locks how many locks (and ledgers) the lane uses
 */
public record Lane(int index, Fencing fencing, int perLane, int locks) {

    /** The lane's name in check names and lock names: the mode's id, e.g. {@code unfenced}. */
    public String name() {
        return fencing.id();
    }

    /** The lane's lock names, {@code unfenced-job-0} ...; also its ledger keys. */
    public List<String> lockNames() {
        return IntStream.range(0, locks).mapToObj(i -> name() + "-job-" + i).toList();
    }

    /** The first client process of the lane's worker {@code i} (0-based within the lane). */
    public int process(int i) {
        return index * perLane + i;
    }

    /** The container name of the lane's worker {@code i}: {@code worker-N}, N from 1 over all lanes. */
    public String workerName(int i) {
        return "worker-" + (process(i) + 1);
    }

    /**
     * The kinds of fault a drawn schedule aims at a lane's holder ({@link #holderAlias}): those
     * that stop a holder inside its hold. A script may also aim a clock fault or {@code partition
     * workers} at one.
     */
    public static final List<FaultKind> DRAWN_AT_HOLDERS = List.of(FaultKind.PAUSE, FaultKind.STARVE);

    /** The schedule's name for whichever worker of this lane holds a lock: {@code holder-unfenced}. */
    public String holderAlias() {
        return Holders.ALIAS + name();
    }

    /** The schedule's name for a worker of this lane other than the one holding: {@code waiter-unfenced}. */
    public String waiterAlias() {
        return Holders.WAITER + name();
    }

    /** The container names of the lane's workers, {@code worker-N} ... */
    public List<String> workerNames() {
        return IntStream.range(0, perLane).mapToObj(this::workerName).toList();
    }

    /** Whether client process {@code p} belongs to this lane, given {@code total} workers in the run. */
    public boolean owns(int p, int total) {
        return (p % total) / perLane == index;
    }
}
