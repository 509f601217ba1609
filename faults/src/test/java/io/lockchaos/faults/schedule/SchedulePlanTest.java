package io.lockchaos.faults.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SchedulePlanTest {

    private static final FaultMenu MENU = new FaultMenu(Map.of(
            FaultKind.PAUSE, List.of("worker-1", "worker-2", "redis-1"), FaultKind.CLOCK, List.of("redis-1"),
            FaultKind.KILL, List.of("redis-1"), FaultKind.PARTITION, List.of("redis-1", "redis-2", "redis-3"),
            FaultKind.LINK, List.of("redis-1"), FaultKind.FAILOVER, List.of("redis-1")));

    @Test
    void aScriptIsPlayedAsWritten() {
        SchedulePlan plan = SchedulePlan.parse("s", "at 3s pause worker-1 for 5s\n");
        Schedule s = plan.resolve(7, Duration.ofSeconds(30), MENU);
        assertEquals(Schedule.parse("s", "at 3s pause worker-1 for 5s"), s);
    }

    @Test
    void aRandomLineDrawsOnlyTheKindsItNames() {
        SchedulePlan plan = SchedulePlan.parse("s", "# explore\nrandom every 2s pause,clock\n");
        SchedulePlan.Random random = assertInstanceOf(SchedulePlan.Random.class, plan);
        assertEquals(Duration.ofSeconds(2), random.interval());
        assertEquals(EnumSet.of(FaultKind.PAUSE, FaultKind.CLOCK), random.kinds());
        for (long seed = 0; seed < 50; seed++) {
            Schedule s = plan.resolve(seed, Duration.ofSeconds(40), MENU);
            assertEquals(19, s.steps().size(), s.script());
            for (ScheduledFault step : s.steps()) {
                assertTrue(step.fault() instanceof FaultSpec.Pause || step.fault() instanceof FaultSpec.ClockBump,
                        step.script());
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndItsScriptReadsBack() {
        SchedulePlan plan = SchedulePlan.parse("s", "random every 3s");
        Schedule a = plan.resolve(11, Duration.ofSeconds(60), MENU);
        assertEquals(a, plan.resolve(11, Duration.ofSeconds(60), MENU));
        assertEquals(a, SchedulePlan.parse("replay", a.script()).resolve(99, Duration.ofSeconds(60), MENU));
        Set<Class<?>> kinds = new java.util.HashSet<>();
        a.steps().forEach(step -> kinds.add(step.fault().getClass()));
        assertTrue(kinds.size() >= 3, "a random schedule of every kind drew only " + kinds + ":\n" + a.script());
    }

    @ParameterizedTest
    @ValueSource(strings = {"random every 5s", "random every 1500ms pause", "random every 2s kill,failover,link"})
    void theLineReadsBack(String line) {
        SchedulePlan.Random plan = assertInstanceOf(SchedulePlan.Random.class, SchedulePlan.parse("s", line));
        assertEquals(plan, SchedulePlan.parse("s", plan.line()));
    }

    @Test
    void aMenuWithoutTheKindsGivesNoFaults() {
        FaultMenu noFailover = new FaultMenu(Map.of(FaultKind.PAUSE, List.of("worker-1")));
        assertTrue(SchedulePlan.parse("s", "random every 1s failover,kill")
                .resolve(1, Duration.ofSeconds(10), noFailover).steps().isEmpty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "random 5s|reads 'random every INTERVAL [KIND,...]'",
        "random every soon|'soon' is not a positive interval",
        "random every 0s|'0s' is not a positive interval",
        "random every 99999999999999999999s|the interval '99999999999999999999s' is longer than any fault, step or interval may be",
        "random every 5s pause,gc|'gc' is not a kind of fault; kinds: pause, clock, kill, partition, link, failover",
        "random every 5s\\nat 3s pause worker-1|must be the only step",
    })
    void badRandomLinesSayWhatIsWrong(String text, String message) {
        FaultSyntaxException e = assertThrows(FaultSyntaxException.class,
                () -> SchedulePlan.parse("x.json field 'schedule'", text.replace("\\n", "\n")));
        assertTrue(e.getMessage().startsWith("x.json field 'schedule':1: "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
