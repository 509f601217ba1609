package io.lockchaos.harness.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.RandomSchedule;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.faults.schedule.Timescale;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Lane;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which timescales an exploration draws its faults around, and what that drawing gives on a shipped scenario. */
class FaultTimingTest {

    private static final int SEEDS = 200;

    private static Scenario shipped(String name) {
        return ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve(name + ".json"));
    }

    /** A run's pause menu on {@code scenario}'s topology: its servers and workers, and each lane's holder. */
    private static FaultMenu pauseMenu(Scenario scenario, List<String> servers) {
        List<String> names = new java.util.ArrayList<>(servers);
        for (int i = 1; i <= scenario.totalWorkers(); i++) {
            names.add("worker-" + i);
        }
        return new FaultMenu(Map.of(FaultKind.PAUSE, names))
                .withHolders(FaultKind.PAUSE, scenario.lanes().stream().map(Lane::holderAlias).toList());
    }

    @Test
    void theKindsAreTheScenariosOwnUnlessGivenAndEveryKindForAScenarioWithoutFaults() {
        FaultTiming skew = FaultTiming.of(shipped("curator-clock-skew"), Optional.empty(), List.of());
        assertEquals("random around session-timeout=10s clock", skew.line(), "clock faults: the question that scenario asks");
        assertTrue(skew.drawing().contains("kinds clock, those of curator-clock-skew's own schedule"), skew.drawing());
        assertFalse(skew.drawing().contains("holder"), "clock faults stop no holder: " + skew.drawing());
        FaultTiming given = FaultTiming.of(shipped("curator-clock-skew"), Optional.empty(), List.of("pause"));
        assertEquals("random around session-timeout=10s pause", given.line());
        FaultTiming none = FaultTiming.of(shipped("redis-naive-no-fault"), Optional.empty(), List.of());
        assertEquals("random around ttl=10s", none.line(), "no fault of its own: every kind");
        assertEquals(List.of("pause", "kill"), FaultTiming.ownKinds(SchedulePlan.parse("test",
                "at 1s kill redis-1\nat 3s pause holder-unfenced for 5s\nat 9s pause redis-1 for 1s")));
        FaultTiming every = FaultTiming.of(shipped("redlock-pause"), Optional.of("3s"), List.of());
        assertEquals("random every 3s pause", every.line());
    }

    @Test
    void aRedisLockIsTimedByItsTtlAndACuratorLockByItsSessionTimeout() {
        FaultTiming naive = FaultTiming.of(shipped("redis-naive-no-fault"), Optional.empty(), List.of("pause"));
        assertEquals(List.of(new Timescale("ttl", Duration.ofSeconds(10))), naive.timescales());
        assertEquals("random around ttl=10s pause", naive.line());
        assertTrue(naive.drawing().contains("above (1.5-3.0x)"), naive.drawing());
        assertTrue(naive.drawing().contains("half the faults are pauses or starvations of a lane's holder"), naive.drawing());
        Scenario curator = shipped("curator-pause");
        FaultTiming session = FaultTiming.of(curator, Optional.empty(), List.of());
        assertEquals(List.of(new Timescale("session-timeout", curator.lock().sessionTimeout())), session.timescales());
        assertEquals(SchedulePlan.parse("again", session.line()), session.plan());
        FaultTiming redisson = FaultTiming.of(shipped("redisson-pause"), Optional.empty(), List.of());
        assertEquals("watchdog", redisson.timescales().get(0).name());
    }

    @Test
    void aLockHeldByItsConnectionHasNoTimescaleAndGetsAFaultEveryFourSeconds() {
        FaultTiming pg = FaultTiming.of(shipped("pg-advisory-pause"), Optional.empty(), List.of("pause"));
        assertTrue(pg.timescales().isEmpty());
        assertEquals("random every 4s pause", pg.line());
        assertTrue(pg.drawing().contains("no timescale"), pg.drawing());
    }

    @Test
    void everyKeepsTheOldDrawing() {
        Scenario naive = shipped("redis-naive-no-fault");
        FaultTiming every = FaultTiming.of(naive, Optional.of("3s"), List.of("pause"));
        assertEquals("random every 3s pause", every.line());
        assertTrue(every.timescales().isEmpty());
        FaultMenu menu = pauseMenu(naive, List.of("redis-1"));
        for (long seed = 0; seed < 20; seed++) {
            assertEquals(RandomSchedule.generate(seed, naive.duration(), Duration.ofSeconds(3),
                    new FaultMenu(menu.offered()).only(EnumSet.of(FaultKind.PAUSE))),
                    every.plan().resolve(seed, naive.duration(), menu));
        }
        assertThrows(ExploreException.class, () -> FaultTiming.of(naive, Optional.of("soon"), List.of()));
    }

    @Test
    void onRedisNaiveHoldersArePausedBothLongerAndShorterThanTheTtl() {
        Scenario naive = shipped("redis-naive-no-fault");
        FaultTiming timing = FaultTiming.of(naive, Optional.empty(), List.of("pause"));
        FaultMenu menu = pauseMenu(naive, List.of("redis-1"));
        Duration ttl = naive.lock().ttl();
        int longer = 0;
        int shorter = 0;
        int outlasting = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Schedule drawn = timing.plan().resolve(seed, naive.duration(), menu);
            assertEquals(drawn, timing.plan().resolve(seed, naive.duration(), menu), "seed " + seed);
            boolean outlasts = false;
            for (ScheduledFault step : drawn.steps()) {
                FaultSpec.Pause pause = assertInstanceOf(FaultSpec.Pause.class, step.fault());
                if (!menu.holders().contains(pause.targets().get(0))) {
                    continue;
                }
                if (step.duration().orElseThrow().compareTo(ttl) > 0) {
                    longer++;
                    outlasts = true;
                } else {
                    shorter++;
                }
            }
            outlasting += outlasts ? 1 : 0;
        }
        String counts = longer + " holder pauses longer than the TTL and " + shorter + " shorter; " + outlasting
                + " of " + SEEDS + " seeds have one longer";
        assertTrue(outlasting >= SEEDS / 4, counts);
        assertTrue(longer >= 40 && shorter >= 40, counts);
    }
}
