package io.lockchaos.faults.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The kinds: every record is read by a kind, every word by one kind only, drawn kinds as before. */
class FaultKindTest {

    /** One line of each form; together they must reach every record of the sealed {@link FaultSpec}. */
    private static final List<String> ONE_OF_EACH = List.of("pause redis-1", "clock redis-1 +5s",
            "clock redis-1 strobe 5s 1s", "clock redis-1 reset", "kill redis-1", "restart redis-1",
            "partition isolate redis-1", "partition halves", "partition bridge", "latency redis-1 200ms jitter 5ms",
            "bandwidth redis-1 64", "blackhole redis-1", "reset-peer redis-1", "failover isolate",
            "partition workers worker-1 from redis-4,redis-5", "partition workers", "starve worker-1,redis-2 5%");

    @Test
    void everyRecordOfFaultSpecIsReadByAKindAndReadsBackFromItsScript() {
        Set<Class<?>> read = new HashSet<>();
        for (String line : ONE_OF_EACH) {
            FaultSpec spec = FaultParser.parse("t", 0, line).fault();
            assertEquals(line, spec.script());
            assertEquals(spec, FaultParser.parse("t", 0, spec.script()).fault());
            read.add(spec.getClass());
        }
        assertEquals(Set.of(FaultSpec.class.getPermittedSubclasses()), read);
    }

    @Test
    void eachFaultNamesTheKindThatReadsIt() {
        List<FaultKind> kinds = ONE_OF_EACH.stream()
                .map(line -> FaultParser.parse("t", 0, line).fault().kind()).toList();
        assertEquals(List.of(FaultKind.PAUSE, FaultKind.CLOCK, FaultKind.CLOCK, FaultKind.CLOCK, FaultKind.KILL,
                FaultKind.KILL, FaultKind.PARTITION, FaultKind.PARTITION, FaultKind.PARTITION, FaultKind.LINK,
                FaultKind.LINK, FaultKind.LINK, FaultKind.LINK, FaultKind.FAILOVER, FaultKind.CUT_OFF,
                FaultKind.CUT_OFF, FaultKind.STARVE), kinds);
        for (String line : ONE_OF_EACH) {
            FaultKind kind = FaultParser.parse("t", 0, line).fault().kind();
            assertTrue(kind.forms().stream().anyMatch(form -> (line + " ").startsWith(form.words() + " ")),
                    line + " is read by a form of " + kind);
        }
    }

    @Test
    void theFirstTwoWordsPickTheCutOffAndOneWordThePartition() {
        assertEquals(new FaultSpec.CutOff(List.of(), List.of()), FaultParser.parse("t", 0, "partition workers 5s").fault());
        assertEquals(new FaultSpec.Partition(FaultSpec.PartitionShape.HALVES, List.of()),
                FaultParser.parse("t", 0, "partition halves").fault());
        FaultSyntaxException e = assertThrows(FaultSyntaxException.class,
                () -> FaultParser.parse("t", 0, "partition sideways"));
        assertTrue(e.getMessage().contains("unknown partition shape 'sideways' (isolate, halves, bridge, workers)"),
                e.getMessage());
    }

    @Test
    void anEmptyLineListsEveryFirstWordOnce() {
        FaultSyntaxException e = assertThrows(FaultSyntaxException.class, () -> FaultParser.parse("t", 0, ""));
        assertTrue(e.getMessage().contains("expected a fault kind (pause, clock, kill, restart, partition, latency, "
                + "bandwidth, blackhole, reset-peer, failover, starve)"), e.getMessage());
    }

    @Test
    void theDrawnKindsAreTheRandomWordsInTheirOrderAndTheCutOffIsNotOne() {
        assertEquals("pause, clock, kill, partition, link, failover, starve", FaultKind.words());
        assertFalse(FaultKind.CUT_OFF.drawn());
        assertTrue(FaultKind.of("cut-off").isEmpty());
        assertEquals(List.of(), FaultKind.CUT_OFF.draws(List.of("worker-1")));
        Set<String> words = Arrays.stream(FaultKind.values()).map(FaultKind::word).collect(Collectors.toSet());
        assertEquals(FaultKind.values().length, words.size());
    }

    @Test
    void aStarvationReadsAPercentageOfOneCpuWithAtMostOneDecimal() {
        assertEquals(new FaultSpec.Starve(List.of("worker-1"), new CpuShare(1)),
                FaultParser.parse("t", 0, "starve worker-1 0.1%").fault());
        assertEquals("starve worker-1 2.5%", FaultParser.parse("t", 0, "starve worker-1 2.5%").fault().script());
        assertEquals("starve worker-1 100%", FaultParser.parse("t", 0, "starve worker-1 100%").fault().script());
        for (String bad : List.of("starve worker-1 0%|outside 0.1%..100%", "starve worker-1 101%|outside 0.1%..100%",
                "starve worker-1 5|'5' is not a CPU share", "starve worker-1 2.25%|'2.25%' is not a CPU share",
                "starve worker-1|expected a CPU share such as 5% or 0.5%")) {
            String[] lineAndProblem = bad.split("\\|");
            FaultSyntaxException e = assertThrows(FaultSyntaxException.class,
                    () -> FaultParser.parse("t", 0, lineAndProblem[0]));
            assertTrue(e.getMessage().contains(lineAndProblem[1]), e.getMessage());
        }
        assertEquals("worker-2", new FaultSpec.Starve(List.of("holder-a"), CpuShare.percent(5))
                .renameWorkers(t -> List.of("worker-2")).targets().get(0));
    }
}
