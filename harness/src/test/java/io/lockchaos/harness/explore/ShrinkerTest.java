package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.SchedulePlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shrink search around an in-process stand-in for the runs: a predicate on the candidate
 * scenario says whether {@code mutex} comes out invalid. Real shrinks are in the note.
 */
class ShrinkerTest {

    private static final Scenario PAUSE = ScenarioFile.read(
            ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json")).withoutExpectations();
    private static final String RANDOM = """
            at 4s kill redis for 3s
            at 8s pause worker-1 for 4s
            at 12s clock redis +30s for 2s
            at 16s pause redis for 3s
            """;

    @TempDir
    Path out;

    private final List<Scenario> ran = new ArrayList<>();

    /** A run whose mutex is invalid when {@code fails} holds. */
    private Trials trials(Predicate<Scenario> fails) {
        return s -> {
            ran.add(s);
            Map<String, Validity> verdicts = new LinkedHashMap<>();
            s.checkNames().forEach(c -> verdicts.put(c, Validity.VALID));
            if (fails.test(s)) {
                verdicts.put("mutex", Validity.INVALID);
                verdicts.put("holds", Validity.INVALID);
            }
            return new Trial(Optional.empty(), true, verdicts, s.schedule(), 20);
        };
    }

    /** Fails when worker-1 (or whichever unfenced worker holds) is paused for 2 s or more while another worker runs. */
    private static boolean pausedLongEnough(Scenario s) {
        return s.workers() >= 2 && Shrinker.schedule(s).steps().stream().anyMatch(f -> List.of("pause worker-1",
                "pause holder-unfenced").contains(f.fault().script())
                && f.duration().orElseThrow().compareTo(Duration.ofSeconds(2)) >= 0);
    }

    /** Fails only when worker-1 itself is paused: the holder alias does not reproduce it. */
    private static boolean worker1PausedLongEnough(Scenario s) {
        return pausedLongEnough(s) && s.schedule().text().contains("worker-1");
    }

    @Test
    void cutsARandomScheduleToOneShortEarlyPause() {
        Scenario start = PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)).withDuration(Duration.ofSeconds(20));
        Shrinker.Result result = new Shrinker(trials(ShrinkerTest::pausedLongEnough), "mutex", 3, 2, s -> { })
                .shrink(start);
        assertTrue(result.reproduced());
        assertEquals("at 500ms pause holder-unfenced for 2s\n", result.scenario().schedule().text(),
                "the kept pause of worker-1 is aimed at the lane's holder");
        assertEquals(2, result.scenario().workers(), "one worker alone never fails here");
        assertEquals(Duration.ofMillis(3500), result.scenario().duration(), "the schedule's end plus a second");
        assertTrue(pausedLongEnough(result.scenario()));
        assertTrue(result.steps().stream().allMatch(st -> st.trials().size() == (st.failing() ? 2 : 2)),
                "a deterministic candidate settles after 2 runs either way (2 of 3 needed)");
    }

    @Test
    void aRecordedRunThatDoesNotFailAgainGetsItsPausedWorkersAimedAtTheHolders() {
        Predicate<Scenario> holderPaused = s -> pausedLongEnough(s) && s.schedule().text().contains("holder-unfenced");
        Scenario start = PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)).withDuration(Duration.ofSeconds(20));
        Shrinker.Result result = new Shrinker(trials(holderPaused), "mutex", 3, 2, s -> { }).shrink(start);
        assertTrue(result.reproduced(), "the aimed schedule fails where the recorded one did not");
        assertFalse(result.steps().get(0).failing());
        assertTrue(result.steps().get(1).failing() && result.steps().get(1).what().contains("aimed"));
        assertEquals("at 500ms pause holder-unfenced for 2s\n", result.scenario().schedule().text());
    }

    @Test
    void triesThreeQuartersOfADurationWhoseHalfPasses() {
        Scenario start = PAUSE.withSchedule(SchedulePlan.parse("test", "at 1s pause worker-1 for 4s\n")).withDuration(Duration.ofSeconds(8));
        Predicate<Scenario> pausedThreeSeconds = s -> s.workers() >= 2 && Shrinker.schedule(s).steps().stream()
                .anyMatch(f -> f.duration().orElseThrow().compareTo(Duration.ofMillis(2900)) >= 0);
        Shrinker.Result result = new Shrinker(trials(pausedThreeSeconds), "mutex", 3, 2, s -> { }).shrink(start);
        assertEquals("at 500ms pause holder-unfenced for 3s\n", result.scenario().schedule().text(),
                "4 s halved to 2 s passes, so 3 s is tried and kept");
        assertTrue(result.steps().stream().anyMatch(st -> st.what().contains("a quarter off") && st.failing()));
    }

    @Test
    void keepsTheNamedWorkerWhenTheHolderAliasDoesNotFail() {
        Scenario start = PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)).withDuration(Duration.ofSeconds(20));
        Shrinker.Result result = new Shrinker(trials(ShrinkerTest::worker1PausedLongEnough), "mutex", 3, 2, s -> { })
                .shrink(start);
        assertEquals("at 500ms pause worker-1 for 2s\n", result.scenario().schedule().text());
        assertTrue(result.steps().stream().anyMatch(st -> st.what().contains("aimed at the lock holder") && !st.failing()),
                "the holder alias was tried");
    }

    @Test
    void aimsPausesAndCutOffsOfNamedWorkersAtTheirLanesHolder() {
        Scenario two = PAUSE.withWorkers(2);
        String lanes = two.lanes().stream().map(l -> l.name() + "=" + l.workerNames()).toList().toString();
        ScheduledFault pause = Schedule.parse("t", "at 1s pause worker-1,worker-2,worker-3 for 2s").steps().get(0);
        assertEquals("pause holder-unfenced,holder-fenced", Shrinker.atHolders(two, pause).fault().script(), lanes);
        ScheduledFault cut = Schedule.parse("t", "at 1s partition workers worker-4 from redis for 2s").steps().get(0);
        assertEquals("partition workers holder-fenced from redis", Shrinker.atHolders(two, cut).fault().script());
        ScheduledFault kill = Schedule.parse("t", "at 1s kill redis for 2s").steps().get(0);
        assertEquals(kill, Shrinker.atHolders(two, kill));
    }

    @Test
    void aFlakyFailureCountsOnlyWhenEnoughRunsFail() {
        int[] calls = {0};
        // The original fails in runs 1 and 3 of 3: failing with 2 of 3, not with 3 of 3.
        Trials flaky = trials(s -> calls[0]++ % 2 == 0);
        Shrinker.Result strict = new Shrinker(flaky, "mutex", 3, 3, s -> { }).shrink(PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)));
        assertFalse(strict.reproduced());
        assertEquals(2, strict.steps().get(0).trials().size(), "stops once 3 of 3 can no longer fail");
        calls[0] = 0;
        ran.clear();
        Shrinker.Result lenient = new Shrinker(flaky, "mutex", 3, 2, s -> { }).shrink(PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)));
        assertTrue(lenient.reproduced());
        assertEquals(3, lenient.steps().get(0).trials().size());
    }

    @Test
    void aFailureWithoutFaultsIsShrunkToNoStepsAndSaidSo() {
        Shrinker.Result result = new Shrinker(trials(s -> true), "mutex", 3, 2, s -> { }).shrink(PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)));
        assertEquals("", result.scenario().schedule().text().strip());
        assertEquals(1, result.scenario().workers());
        String md = new ShrinkReport(Path.of("results/x"), "mutex", 3, 2, result).markdown();
        assertTrue(md.contains("The failure shows with no faults at all"), md);
    }

    @Test
    void refusesMoreFailuresThanTries() {
        ExploreException e = assertThrows(ExploreException.class,
                () -> new Shrinker(trials(s -> true), "mutex", 2, 3, s -> { }));
        assertTrue(e.getMessage().contains("--min-fails"), e.getMessage());
    }

    @Test
    void writesAScenarioThatReadsBackWithTheKeptFailureExpected() throws Exception {
        Scenario start = PAUSE.withSchedule(SchedulePlan.parse("test", RANDOM)).withDuration(Duration.ofSeconds(20));
        Shrinker.Result result = new Shrinker(trials(ShrinkerTest::pausedLongEnough), "mutex", 3, 2, s -> { })
                .shrink(start);
        ShrinkReport report = new ShrinkReport(Path.of("results/x"), "mutex", 3, 2, result);
        report.write(out);
        Scenario shrunk = ScenarioFile.read(out.resolve("shrunk.json"));
        assertEquals("redis-naive-pause-shrunk", shrunk.name());
        assertEquals("at 500ms pause holder-unfenced for 2s\n", shrunk.schedule().text());
        assertEquals(Map.of("mutex", Validity.INVALID, "holds", Validity.INVALID), shrunk.expect());
        assertEquals(start.seed(), shrunk.seed());
        String md = Files.readString(out.resolve("shrink.md"));
        assertTrue(md.contains("| 1 | the run as recorded | 2 | 2 | fails: kept |"), md);
        assertTrue(md.contains("steps 2 of 4 only"), md);
        assertTrue(md.contains(result.steps().size() + " candidates, " + report.runs() + " runs"), md);
        JsonNode json = new ObjectMapper().readTree(out.resolve("shrunk.json").toFile());
        assertTrue(json.path("description").asText().contains("mutex invalid in 2 of 2 runs"), json.toString());
    }
}
