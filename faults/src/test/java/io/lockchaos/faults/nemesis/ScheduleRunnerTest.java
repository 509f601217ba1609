package io.lockchaos.faults.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.RandomSchedule;
import io.lockchaos.faults.schedule.Schedule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ScheduleRunnerTest {

    private final FakeClock clock = new FakeClock();
    private final LogNemesis nemesis = new LogNemesis();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    /** Logs "t=<ms since the run> inject|heal SCRIPT" and "healAll"; can run a hook on inject. */
    private final class LogNemesis implements Nemesis {
        final List<String> log = new ArrayList<>();
        final long origin = clock.now;
        Consumer<FaultSpec> onInject = f -> { };

        @Override
        public ActiveFault inject(FaultSpec fault) {
            onInject.accept(fault);
            log.add(at() + " inject " + fault.script());
            return new Healing(fault, () -> log.add(at() + " heal " + fault.script()));
        }

        private String at() {
            return "t=" + (clock.now - origin) / 1_000_000;
        }

        @Override
        public void healAll() {
            log.add(at() + " healAll");
        }

        @Override
        public FaultMenu menu() {
            return FaultMenu.empty();
        }
    }

    @Test
    void playsStepsAtTheirTimesAndHealsAfterTheirDurationThenEverything() {
        Schedule s = Schedule.parse("t", "at 1s pause redis-1 for 2s\nat 2s clock redis-2 +120s\n"
                + "at 3s partition isolate zk-2 for 1s\n");
        ScheduleRunner.Outcome outcome = new ScheduleRunner(nemesis, clock).run(s);
        assertEquals(ScheduleRunner.Outcome.COMPLETED, outcome);
        assertEquals(List.of(
                "t=1000 inject pause redis-1",
                "t=2000 inject clock redis-2 +120s",
                "t=3000 heal pause redis-1",
                "t=3000 inject partition isolate zk-2",
                "t=4000 heal partition isolate zk-2",
                "t=4000 healAll"), nemesis.log);
    }

    /** Each injection of a {@code kind} fault takes {@code lasts} of the fake clock. */
    private void slowInjectionsOf(Class<? extends FaultSpec> kind, Duration lasts) {
        nemesis.onInject = f -> {
            if (kind.isInstance(f)) {
                clock.now += lasts.toNanos();
            }
        };
    }

    @Test
    void aDurationCountsFromWhenTheFaultIsInForce() {
        Schedule s = Schedule.parse("t", "at 1s pause worker-1,worker-2 for 5s\nat 2s clock redis-1 +30s for 1s\n");
        slowInjectionsOf(FaultSpec.Pause.class, Duration.ofMillis(2500));
        new ScheduleRunner(nemesis, clock).run(s);
        assertEquals(List.of(
                "t=3500 inject pause worker-1,worker-2",
                "t=3500 inject clock redis-1 +30s",
                "t=4500 heal clock redis-1 +30s",
                "t=8500 heal pause worker-1,worker-2",
                "t=8500 healAll"), nemesis.log);
    }

    @Test
    void aStepTheScriptPutsAfterASlowOneWaitsForItsHeal() {
        // Both later steps start after the kill's scripted end (3 s), so both wait for its heal.
        Schedule s = Schedule.parse("t", "at 1s kill redis-1 for 2s\nat 3s pause redis-1 for 1s\n"
                + "at 3500ms clock redis-2 +30s for 1s\n");
        slowInjectionsOf(FaultSpec.Kill.class, Duration.ofMillis(1500));
        new ScheduleRunner(nemesis, clock).run(s);
        assertEquals(List.of(
                "t=2500 inject kill redis-1",
                "t=4500 heal kill redis-1",
                "t=4500 inject pause redis-1",
                "t=4500 inject clock redis-2 +30s",
                "t=5500 heal pause redis-1",
                "t=5500 heal clock redis-2 +30s",
                "t=5500 healAll"), nemesis.log);
    }

    @Test
    void stopEndsTheRunEarlyAndHeals() {
        Schedule s = Schedule.parse("t", "at 1s pause redis-1 for 5s\nat 2s kill redis-2\nat 3s pause redis-3\n");
        ScheduleRunner runner = new ScheduleRunner(nemesis, clock);
        nemesis.onInject = f -> {
            if (f instanceof FaultSpec.Kill) {
                runner.stop();
            }
        };
        assertEquals(ScheduleRunner.Outcome.STOPPED, runner.run(s));
        assertEquals(List.of("t=1000 inject pause redis-1", "t=2000 inject kill redis-2", "t=2000 healAll"),
                nemesis.log);
    }

    @Test
    void anInterruptEndsTheRunHealedWithTheFlagSet() {
        clock.interruptAt = clock.now + Duration.ofMillis(2500).toNanos();
        Schedule s = Schedule.parse("t", "at 1s pause redis-1\nat 2s pause redis-2\nat 3s pause redis-3\n");
        assertEquals(ScheduleRunner.Outcome.INTERRUPTED, new ScheduleRunner(nemesis, clock).run(s));
        assertTrue(Thread.interrupted(), "the interrupt flag is set again");
        assertEquals(List.of("t=1000 inject pause redis-1", "t=2000 inject pause redis-2", "t=2000 healAll"),
                nemesis.log);
    }

    @Test
    void aFailedInjectionPropagatesAfterTheHeal() {
        NemesisException boom = new NemesisException("docker said no");
        nemesis.onInject = f -> {
            if (f.targets().contains("redis-2")) {
                throw boom;
            }
        };
        Schedule s = Schedule.parse("t", "at 1s pause redis-1 for 10s\nat 2s pause redis-2\nat 3s pause redis-3\n");
        NemesisException thrown = assertThrows(NemesisException.class, () -> new ScheduleRunner(nemesis, clock).run(s));
        assertSame(boom, thrown);
        assertEquals(List.of("t=1000 inject pause redis-1", "t=2000 healAll"), nemesis.log);
    }

    @Test
    void anEmptyScheduleStillHeals() {
        assertEquals(ScheduleRunner.Outcome.COMPLETED, new ScheduleRunner(nemesis, clock).run(Schedule.empty()));
        assertEquals(List.of("t=0 healAll"), nemesis.log);
    }

    @Test
    void aRandomScheduleAgainstFakeNodesEndsWithNothingLeft() {
        FakeNode a = new FakeNode("redis-1", "10.0.0.1");
        FakeNode b = new FakeNode("redis-2", "10.0.0.2");
        FakeNode c = new FakeNode("redis-3", "10.0.0.3");
        MemoryRecorder recorder = new MemoryRecorder();
        NodeNemesis real = new NodeNemesis(FakeTargets.of(a, b, c), recorder, 7);
        Schedule s = RandomSchedule.generate(42, Duration.ofSeconds(60), Duration.ofSeconds(3), real.menu());
        assertEquals(ScheduleRunner.Outcome.COMPLETED, new ScheduleRunner(real, clock).run(s));
        for (FakeNode n : List.of(a, b, c)) {
            assertFalse(n.paused, n.name() + " paused");
            assertTrue(n.running, n.name() + " not running");
            assertTrue(n.offset.isZero(), n.name() + " clock at " + n.offset);
            assertTrue(n.dropped.isEmpty(), n.name() + " drops " + n.dropped);
        }
        long starts = recorder.fs().stream().filter(f -> f.startsWith("start-") || f.equals("restart")).count();
        assertEquals(s.steps().size(), starts, "one start op per step: " + recorder.ops);
        assertEquals("heal-all", recorder.fs().get(recorder.fs().size() - 1));
    }
}
