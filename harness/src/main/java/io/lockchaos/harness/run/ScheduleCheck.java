package io.lockchaos.harness.run;

import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Layout;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.FaultSpec.Reach;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.faults.schedule.SchedulePlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Whether every step of a scripted schedule can be played in its run, decided before anything
 * starts from the topology's {@link Layout} and the scenario's workers and lanes: each target
 * exists and is what the fault's {@link Reach} allows (servers are paused, killed, clock-skewed,
 * starved, isolated or slowed; workers are paused, clock-skewed, starved or cut off; proxied links
 * slowed; {@code storage} and {@code toxiproxy} are never faulted; a failover needs Sentinel's primary), a
 * step lasts longer than 0 and starts before the workload ends. A random schedule draws only
 * what the cluster offers, so it has nothing to check here.
 */
final class ScheduleCheck {

    private final Scenario scenario;
    private final Layout layout;
    private final String source;

    private ScheduleCheck(Scenario scenario, String source) {
        this.scenario = scenario;
        this.layout = Layout.of(scenario.topology(), ClusterOptions.DEFAULTS);
        this.source = source;
    }

    /**
     * Checks {@code plan}, the parsed schedule of {@code scenario}.
     *
     * @param source names the schedule in messages ({@code s.json field 'schedule'}, {@code --schedule})
     * @throws ScenarioException naming the source, the step and what the run offers
     */
    static void check(Scenario scenario, SchedulePlan plan, String source) {
        if (plan instanceof SchedulePlan.Scripted scripted) {
            ScheduleCheck check = new ScheduleCheck(scenario, source);
            scripted.schedule().steps().forEach(check::step);
        }
    }

    private void step(ScheduledFault step) {
        if (step.duration().filter(d -> d.isZero() || d.isNegative()).isPresent()) {
            throw bad(step, "it lasts 0; give a duration such as 'for 2s', or none to last until the final heal");
        }
        if (step.at().compareTo(scenario.duration()) >= 0) {
            throw bad(step, "it starts at " + step.at().toMillis() + " ms, when the workload (durationMs "
                    + scenario.duration().toMillis() + ") has ended; start it earlier or run longer");
        }
        FaultSpec fault = step.fault();
        if (fault.reach() == Reach.PRIMARY && !layout.offers(Reach.PRIMARY)) {
            throw bad(step, "a failover needs Sentinel's primary, which topology " + scenario.topology().id()
                    + " has not; topologies with one: " + withPrimary());
        }
        for (String target : fault.targets()) {
            problem(target, fault.reach()).ifPresent(problem -> {
                throw bad(step, problem);
            });
        }
        for (String name : fault.from()) {
            if (!servers().contains(name)) {
                throw bad(step, "'" + name + "' after 'from' is not a lock-service node; a worker can be cut"
                        + " off from " + servers());
            }
        }
    }

    /** What is wrong with {@code target}, if anything. */
    private Optional<String> problem(String target, Reach reach) {
        boolean workersOnly = reach == Reach.WORKERS;
        boolean workersToo = workersOnly || reach == Reach.SERVERS_OR_WORKERS;
        boolean link = reach == Reach.LINKS;
        Optional<Layout.Member> node = layout.member(target);
        if (node.isPresent() && !node.get().role().faulted()) {
            return Optional.of("'" + target + "' is never faulted (storage holds the ledger the checks read,"
                    + " toxiproxy carries the link faults); fault the lock service's nodes: " + servers());
        }
        if (node.isPresent()) {
            return node.get().role().takes(reach) ? Optional.empty()
                    : Optional.of("'" + target + "' is a server; 'partition workers' cuts workers off: " + workers());
        }
        Optional<Lane> lonely = scenario.lanes().stream()
                .filter(l -> l.waiterAlias().equals(target) && l.perLane() < 2).findFirst();
        if (lonely.isPresent()) {
            return Optional.of("'" + target + "' means a worker of lane " + lonely.get().name()
                    + " other than its holder, and the lane has one worker; give it two or more");
        }
        if (workerNames().contains(target) || lanes().contains(target)) {
            return workersToo ? Optional.empty() : Optional.of("'" + target + "' is a worker, which can only be"
                    + " paused, clock-skewed, starved or cut off ('partition workers'); servers: " + servers());
        }
        if (link && layout.links().contains(target)) {
            return Optional.empty();
        }
        return Optional.of("no node or worker '" + target + "' in this run; it has " + servers() + " and "
                + workers() + (link ? ", links " + layout.links() : ""));
    }

    private List<String> servers() {
        return layout.servers();
    }

    /** The topologies whose layout has a replaceable primary, for the message. */
    private static String withPrimary() {
        return String.join(", ", Arrays.stream(Topology.values())
                .filter(t -> Layout.of(t, ClusterOptions.DEFAULTS).offers(Reach.PRIMARY)).map(Topology::id).toList());
    }

    private List<String> workerNames() {
        List<String> names = new ArrayList<>();
        scenario.lanes().forEach(l -> {
            for (int i = 0; i < l.perLane(); i++) {
                names.add(l.workerName(i));
            }
        });
        return names;
    }

    private List<String> lanes() {
        List<String> aliases = new ArrayList<>(scenario.lanes().stream().map(Lane::holderAlias).toList());
        scenario.lanes().forEach(l -> aliases.add(l.waiterAlias()));
        return aliases;
    }

    private String workers() {
        return "workers worker-1..worker-" + scenario.totalWorkers() + " and " + lanes();
    }

    private ScenarioException bad(ScheduledFault step, String problem) {
        return new ScenarioException(source + ": step '" + step.script() + "': " + problem);
    }
}
