package io.lockchaos.faults.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimedScheduleTest {

    private static final Duration TTL = Duration.ofSeconds(10);
    private static final Duration RUN = Duration.ofSeconds(30);
    private static final int SEEDS = 200;

    /** redis-naive-no-fault's menu: the one server and the workers, and the holders of its two lanes. */
    private static final FaultMenu REDIS_SINGLE = new FaultMenu(Map.of(
            FaultKind.PAUSE, List.of("redis-1", "worker-1", "worker-2", "worker-3"),
            FaultKind.CLOCK, List.of("redis-1"), FaultKind.KILL, List.of("redis-1"),
            FaultKind.STARVE, List.of("redis-1", "worker-1", "worker-2", "worker-3")))
            .withHolders(FaultKind.PAUSE, List.of("holder-unfenced", "holder-fenced"))
            .withHolders(FaultKind.STARVE, List.of("holder-unfenced", "holder-fenced"));

    private static SchedulePlan pauses() {
        return SchedulePlan.parse("s", "random around ttl=10s pause");
    }

    @Test
    void holdersArePausedBothLongerAndShorterThanTheTtl() {
        int longer = 0;
        int shorter = 0;
        int seedsOutlasting = 0;
        int steps = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Schedule s = pauses().resolve(seed, RUN, REDIS_SINGLE);
            boolean outlasts = false;
            for (ScheduledFault step : s.steps()) {
                FaultSpec.Pause pause = assertInstanceOf(FaultSpec.Pause.class, step.fault(), step.script());
                Duration lasts = step.duration().orElseThrow();
                assertTrue(step.at().plus(lasts).compareTo(RUN) <= 0, "ends after the run: " + step.script());
                steps++;
                if (!pause.targets().get(0).startsWith("holder-")) {
                    continue;
                }
                if (lasts.compareTo(TTL) > 0) {
                    longer++;
                    outlasts = true;
                } else {
                    shorter++;
                }
            }
            if (outlasts) {
                seedsOutlasting++;
            }
        }
        String counts = longer + " holder pauses longer than the TTL, " + shorter + " shorter, of " + steps
                + " steps; " + seedsOutlasting + " of " + SEEDS + " seeds outlast it";
        assertTrue(longer >= steps / 10, counts);
        assertTrue(shorter >= steps / 10, counts);
        assertTrue(seedsOutlasting >= SEEDS / 5, counts);
    }

    @Test
    void durationsFallInTheBandsAroundEachTimescale() {
        SchedulePlan plan = SchedulePlan.parse("s", "random around ttl=10s,session-timeout=4s");
        int[] bands = new int[TimedSchedule.Band.values().length];
        for (long seed = 0; seed < SEEDS; seed++) {
            for (ScheduledFault step : plan.resolve(seed, Duration.ofSeconds(60), REDIS_SINGLE).steps()) {
                long ms = step.duration().orElseThrow().toMillis();
                boolean inABand = false;
                for (long scale : new long[] {10_000, 4_000}) {
                    double f = (double) ms / scale;
                    if (f >= 0.39 && f <= 0.6) {
                        bands[0]++;
                        inABand = true;
                    } else if (f >= 0.89 && f <= 1.1) {
                        bands[1]++;
                        inABand = true;
                    } else if (f >= 1.49 && f <= 3.0) {
                        bands[2]++;
                        inABand = true;
                    }
                }
                assertTrue(inABand || step.at().plus(step.duration().get()).equals(Duration.ofSeconds(60)),
                        "in no band of 10s or 4s and not cut at the run's end: " + step.script());
                if (step.fault() instanceof FaultSpec.ClockBump bump) {
                    assertEquals(step.duration().get(), bump.offset().abs(), "a clock step of the fault's size: " + step);
                }
            }
        }
        for (int count : bands) {
            assertTrue(count >= SEEDS / 2, "below, near, above: " + java.util.Arrays.toString(bands));
        }
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndItsScriptReadsBack() {
        SchedulePlan plan = SchedulePlan.parse("s", "random around ttl=10s");
        for (long seed = 0; seed < 20; seed++) {
            Schedule a = plan.resolve(seed, RUN, REDIS_SINGLE);
            assertEquals(a, plan.resolve(seed, RUN, REDIS_SINGLE));
            assertEquals(a, Schedule.parse("replay", a.script()));
        }
        assertTrue(!plan.resolve(1, RUN, REDIS_SINGLE).equals(plan.resolve(2, RUN, REDIS_SINGLE)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"random around ttl=10s", "random around ttl=10s,session-timeout=5s pause,clock",
        "random around watchdog=1500ms kill"})
    void theLineReadsBackIntoThePlan(String line) {
        SchedulePlan.Timed plan = assertInstanceOf(SchedulePlan.Timed.class, SchedulePlan.parse("s", line));
        assertEquals(line, plan.line());
        assertEquals(java.util.Optional.of(line), plan.randomLine());
        assertEquals(plan, SchedulePlan.parse("again", plan.line()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"random around ttl", "random around ttl=0s", "random around =5s", "random around ttl=5x",
        "random around ttl=10s nap", "random around t_l=10s"})
    void aBadTimescaleIsASyntaxError(String line) {
        FaultSyntaxException e = assertThrows(FaultSyntaxException.class, () -> SchedulePlan.parse("s.json", line));
        assertTrue(e.getMessage().contains("s.json"), e.getMessage());
    }

    @Test
    void anEveryLineDrawsAsBeforeWhateverTheHoldersAre() {
        FaultMenu plain = new FaultMenu(REDIS_SINGLE.offered());
        SchedulePlan every = SchedulePlan.parse("s", "random every 4s pause");
        for (long seed = 0; seed < 20; seed++) {
            Schedule drawn = every.resolve(seed, RUN, REDIS_SINGLE);
            assertEquals(RandomSchedule.generate(seed, RUN, Duration.ofSeconds(4), plain.only(EnumSet.of(FaultKind.PAUSE))),
                    drawn);
            for (ScheduledFault step : drawn.steps()) {
                long ms = step.duration().orElseThrow().toMillis();
                assertTrue(ms >= 2_000 && ms <= 4_000, "half an interval to a whole one: " + step);
            }
        }
    }
}
