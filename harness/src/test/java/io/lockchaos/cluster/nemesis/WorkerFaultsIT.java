package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Capability;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultNode;
import io.lockchaos.faults.nemesis.FaultTargets;
import io.lockchaos.faults.nemesis.HasPrimary;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.CpuShare;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.cluster.ImageTags;
import io.lockchaos.cluster.containers.JvmContainer;
import io.lockchaos.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.MountableFile;

/**
 * The client-side faults on a real worker container (the {@code jvm} image, its JVM started by
 * {@code faketime-exec} as a run starts its workers), running a probe that spins and prints its
 * wall clock, its monotonic clock and its spin rate:
 * <ul>
 *   <li>{@code clock worker-1 +3600s} moves the wall clock the JVM sees by an hour while its
 *   {@code System.nanoTime()}, which times a worker's history (the history's time is
 *   {@code nanoTime} minus the run's start, taken on the host: containers share the kernel's
 *   monotonic clock), stays with the host's;</li>
 *   <li>{@code starve worker-1 2%} really slows the JVM (the container's CPU quota), and the
 *   heal gives it its speed back.</li>
 * </ul>
 */
@Tag("chaos")
class WorkerFaultsIT {

    @AfterAll
    static void removeNetwork() {
        NETWORK.close();
    }

    private static final Pattern LINE = Pattern.compile("probe wall=(\\d+) mono=(\\d+) spins=(\\d+) window=(\\d+)");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** One line of the probe, with the host's clocks when it was read. */
    private record Sample(long wallMs, long monoNanos, double spinsPerMs) {
    }

    @Test
    void aWorkersClockMovesItsWallClockButNotTheMonotonicClockItsHistoryIsTimedBy() {
        try (JvmContainer probe = probe()) {
            probe.start();
            WorkerNode worker = new WorkerNode("worker-1", probe.getContainerId());
            Recorded recorded = new Recorded();
            NodeNemesis nemesis = new NodeNemesis(targets(worker), recorded, 1);
            Sample before = next(probe);
            assertTrue(Math.abs(before.wallMs() - System.currentTimeMillis()) < 5_000, "true wall clock before: " + before);

            try (ActiveFault skew = nemesis.inject(FaultParser.parse("test", 0, "clock worker-1 +3600s").fault())) {
                Sample skewed = await(probe, s -> s.wallMs() - System.currentTimeMillis() > 3_500_000);
                long hostNanos = System.nanoTime();
                assertTrue(Math.abs(skewed.wallMs() - System.currentTimeMillis() - 3_600_000) < 60_000,
                        "the JVM's wall clock is an hour ahead: " + skewed);
                assertTrue(Math.abs(hostNanos - skewed.monoNanos()) < Duration.ofSeconds(30).toNanos(),
                        "its nanoTime stays on the host's monotonic clock (" + hostNanos + "): " + skewed);
                assertTrue(skewed.monoNanos() > before.monoNanos(), "and keeps going forward");
            }
            Sample healed = await(probe, s -> Math.abs(s.wallMs() - System.currentTimeMillis()) < 5_000);
            assertTrue(healed.monoNanos() > before.monoNanos());
            assertEquals(List.of("start-clock", "stop-clock"), recorded.fs());
        }
    }

    @Test
    void aStarvedWorkerRunsSlowlyUntilHealedAndTheSweepLiftsALimitLeftBehind() {
        try (JvmContainer probe = probe()) {
            probe.start();
            WorkerNode worker = new WorkerNode("worker-1", probe.getContainerId());
            Recorded recorded = new Recorded();
            NodeNemesis nemesis = new NodeNemesis(targets(worker), recorded, 1);
            next(probe);
            double free = rate(probe, 5);
            double starved;
            try (ActiveFault starve = nemesis.inject(FaultParser.parse("test", 0, "starve worker-1 2%").fault())) {
                assertEquals(Optional.of(CpuShare.percent(2)), worker.cpuLimit());
                next(probe);
                starved = rate(probe, 3);
            }
            assertEquals(Optional.empty(), worker.cpuLimit(), "the heal lifted the quota");
            next(probe);
            double again = rate(probe, 5);
            System.out.printf("WorkerFaultsIT: spins/ms free %.0f, starved to 2%% %.1f, healed %.0f%n", free, starved, again);
            assertTrue(starved < free / 4, "starved to 2 % it spins far slower: " + starved + " against " + free
                    + " spins/ms free");
            assertTrue(again > starved * 4, "healed it spins fast again: " + again + " against " + starved);

            worker.setCpuLimit(Optional.of(new CpuShare(5)));
            nemesis.healAll();
            assertEquals(Optional.empty(), worker.cpuLimit());
            assertTrue(recorded.ops().get(2).contains(":cpu-unlimited [\"worker-1\"]"), recorded.ops().get(2));
        }
    }

    /**
     * A network of the test's own, as a run's workers have, not the engine's default bridge: in the
     * CI run of 2026-12-05 {@code docker0} was gone by the time this test ran (after EngineStoppedIT's
     * second engine), and a container on it could not start.
     */
    private static final Network NETWORK = Network.newNetwork();

    private static JvmContainer probe() {
        return new JvmContainer(ImageTags.forProject().tag(ImageTags.Image.JVM)).withNetwork(NETWORK)
                .withCopyFileToContainer(MountableFile.forClasspathResource("io/lockchaos/cluster/nemesis/Probe.java"),
                        "/opt/probe/Probe.java")
                .withJava("/opt/probe/Probe.java")
                // as a run's workers: the final sweep lists the worker's iptables rules
                .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCapAdd(Capability.NET_ADMIN));
    }

    private static FaultTargets targets(WorkerNode worker) {
        return new FaultTargets() {
            @Override
            public List<FaultNode> nodes() {
                return List.of(worker);
            }

            @Override
            public Optional<HasPrimary> primary() {
                return Optional.empty();
            }
        };
    }

    /** The probe's spin rate over the next {@code lines} lines, in spins per ms of monotonic time. */
    private static double rate(JvmContainer probe, int lines) {
        double sum = 0;
        for (int i = 0; i < lines; i++) {
            sum += next(probe).spinsPerMs();
        }
        return sum / lines;
    }

    /** The first line the probe prints after now. */
    private static Sample next(JvmContainer probe) {
        int seen = samples(probe).size();
        return await(probe, seen);
    }

    private static Sample await(JvmContainer probe, java.util.function.Predicate<Sample> wanted) {
        Sample[] found = new Sample[1];
        Await.until(PATIENCE, "a probe line that matches", () -> {
            List<Sample> all = samples(probe);
            found[0] = all.isEmpty() ? null : all.get(all.size() - 1);
            return found[0] != null && wanted.test(found[0]);
        });
        return found[0];
    }

    private static Sample await(JvmContainer probe, int seen) {
        Sample[] found = new Sample[1];
        Await.until(PATIENCE, "a probe line after line " + seen, () -> {
            List<Sample> all = samples(probe);
            found[0] = all.size() > seen ? all.get(seen) : null;
            return found[0] != null;
        });
        return found[0];
    }

    private static List<Sample> samples(JvmContainer probe) {
        List<Sample> samples = new ArrayList<>();
        Matcher m = LINE.matcher(probe.getLogs());
        while (m.find()) {
            samples.add(new Sample(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)) / (Long.parseLong(m.group(4)) / 1e6)));
        }
        return samples;
    }
}
