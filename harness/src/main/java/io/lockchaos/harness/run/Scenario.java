package io.lockchaos.harness.run;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.cluster.Topology;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run does, as read from a scenario file by {@link ScenarioFile}: this record is the
 * file's definition. Jackson reads and writes it ({@link ScenarioJson}: each component is the
 * field of the same name, a {@link Duration} the field with {@code Ms} appended, in
 * milliseconds; a field the file may leave out has its default, as JSON, in its
 * {@code @JsonProperty(defaultValue)}, and every other field is required), and {@link ScenarioCheck} checks it in one pass, naming full field paths. the cluster, the
 * lock, the storage modes side by side (one {@link Lane} each), the workload, the fault
 * schedule (a script in the grammar of {@code io.lockchaos.faults.schedule}), the seed, and
 * what each check is expected to say.
 *
 * @param name the scenario's name: its file name without {@code .json}, and its results folder
 * @param description one line for {@code lockchaos list}
 * @param topology the cluster to start
 * @param lock the lock backend, lease and token source
 * @param storage the storage modes, each a lane with its own workers and ledgers
 * @param workers workers per lane
 * @param threads threads per worker, each its own process in the history, all of a worker's
 *     sharing its one lock client (one {@code RedissonClient}, one {@code RedisLockRegistry})
 * @param locks locks (and ledgers) per lane
 * @param think time inside the critical section, between the read and the append
 * @param idle up to this long between a release and the next acquire
 * @param tick zero: each worker runs cycles one after the other; else a scheduled job's period
 *     ({@code tickMs}): each worker makes one acquire at each multiple of it on its own clock, for
 *     that tick, and runs the job only when granted; the {@code ticks} check then counts ticks run
 *     more than once
 * @param acquireTimeout how long one acquire may wait
 * @param duration how long workers start new cycles
 * @param quiet how long to wait after the workers stopped before the final read
 * @param schedule the fault plan: a script, or one {@code random every 5s [KIND,...]} line, read
 *     from the file's text once ({@link SchedulePlan#text()} prints it back); no step for no faults
 * @param seed seeds each worker (seed + its process) and a random schedule
 * @param expect the verdict each named check should reach; empty: no expectation
 */
public record Scenario(String name, @JsonProperty(defaultValue = "\"\"") String description, Topology topology,
                       LockSpec lock,
                       @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<Fencing> storage,
                       @JsonProperty(defaultValue = "\"redis\"") Store store, int workers,
                       @JsonProperty(defaultValue = "1") int threads, @JsonProperty(defaultValue = "1") int locks,
                       @JsonProperty(value = "thinkMs", defaultValue = "20") Duration think,
                       @JsonProperty(value = "idleMs", defaultValue = "10") Duration idle,
                       @JsonProperty(value = "tickMs", defaultValue = "0") Duration tick,
                       @JsonProperty(value = "acquireTimeoutMs", defaultValue = "5000") Duration acquireTimeout,
                       @JsonProperty("durationMs") Duration duration,
                       @JsonProperty(value = "quietMs", defaultValue = "1000") Duration quiet,
                       @JsonProperty(defaultValue = "\"\"") SchedulePlan schedule,
                       @JsonProperty(defaultValue = "1") long seed,
                       @JsonProperty(defaultValue = "{}") Map<String, Validity> expect) {

    /** The checks of the lock workload, each reported per lane and merged over lanes. */
    public static final List<String> CHECKS = List.of(CheckName.MUTEX, CheckName.HOLDS, CheckName.TOKENS, CheckName.LEDGER);
    /** The check a run with ticks adds: a scheduled job ran at most once per tick. */
    public static final String TICKS = CheckName.TICKS;

    public Scenario {
        storage = List.copyOf(storage);
        expect = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(expect));
    }

    /**
     * A scenario in code on {@code topology}, field by field as in a scenario file; its
     * {@link ScenarioBuilder#build()} reads it back as a file is read.
     */
    public static ScenarioBuilder on(Topology topology) {
        return new ScenarioBuilder(topology);
    }

    /** The lanes, in the order of {@link #storage()}. */
    public List<Lane> lanes() {
        List<Lane> lanes = new ArrayList<>();
        for (int i = 0; i < storage.size(); i++) {
            lanes.add(new Lane(i, storage.get(i), workers, locks));
        }
        return lanes;
    }

    /** Processes per lane at the start: its workers times their threads. */
    public int processesPerLane() {
        return workers * threads;
    }

    /** Workers over all lanes. */
    public int totalWorkers() {
        return workers * storage.size();
    }

    /** Whether the workers run a scheduled job on ticks ({@code tickMs} above 0). */
    public boolean ticks() {
        return !tick.isZero();
    }

    /** This scenario's checks: {@link #CHECKS}, and {@link #TICKS} in a run with ticks. */
    public List<String> checks() {
        List<String> checks = new ArrayList<>(CHECKS);
        if (ticks()) {
            checks.add(TICKS);
        }
        return checks;
    }

    /** Every check name results.json has: {@code mutex} (merged over lanes) and {@code mutex-unfenced}, .... */
    public List<String> checkNames() {
        List<String> names = new ArrayList<>(checks());
        for (Fencing f : storage) {
            checks().forEach(c -> names.add(CheckName.of(c, f).id()));
        }
        return names;
    }

    public Scenario withSeed(long value) {
        return new Scenario(name, description, topology, lock, storage, store, workers, threads, locks, think, idle, tick, acquireTimeout,
                duration, quiet, schedule, value, expect);
    }

    public Scenario withDuration(Duration value) {
        return new Scenario(name, description, topology, lock, storage, store, workers, threads, locks, think, idle, tick, acquireTimeout,
                value, quiet, schedule, seed, expect);
    }

    public Scenario withWorkers(int value) {
        return new Scenario(name, description, topology, lock, storage, store, value, threads, locks, think, idle, tick, acquireTimeout,
                duration, quiet, schedule, seed, expect);
    }

    /** This scenario with another lock (the same lock as checked, with its paths made absolute). */
    public Scenario withLock(LockSpec value) {
        return new Scenario(name, description, topology, value, storage, store, workers, threads, locks, think, idle, tick, acquireTimeout,
                duration, quiet, schedule, seed, expect);
    }

    /** This scenario with another fault schedule (script or random line). */
    public Scenario withSchedule(SchedulePlan value) {
        return new Scenario(name, description, topology, lock, storage, store, workers, threads, locks, think, idle, tick, acquireTimeout,
                duration, quiet, value, seed, expect);
    }

    /** This scenario without expected verdicts: the exit code then follows the verdict. */
    public Scenario withoutExpectations() {
        return new Scenario(name, description, topology, lock, storage, store, workers, threads, locks, think, idle, tick, acquireTimeout,
                duration, quiet, schedule, seed, Map.of());
    }
}
