package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.SchedulePlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The guided search's choices over hand-made runs: seeded, aimed at the smallest margins, concrete scripts. */
class GuideTest {

    private static final Scenario NAIVE = ScenarioFile.read(
            ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
    private static final SchedulePlan LINE = SchedulePlan.parse("test", "random around ttl=10s");

    /** Run 0: a holder pause that caught worker-2 for 4 s (margin 6 s); run 1: a server pause that caught no one. */
    private static List<ExploreRun> done(double margin0, double margin1) {
        return List.of(
                run(0, "at 3s pause holder-unfenced for 4s\nat 12s pause worker-5 for 5s\n",
                        new Margin(margin0, Optional.of("worker-2"), OptionalLong.of(3200))),
                run(1, "at 2s pause redis for 5.5s\nat 20s clock redis +9s for 9s\n",
                        new Margin(margin1, Optional.of("worker-4"), OptionalLong.of(21000))));
    }

    private static ExploreRun run(int index, String script, Margin margin) {
        Trial trial = new Trial(Optional.empty(), true, Map.of("mutex", Validity.VALID), SchedulePlan.parse("test", script), 30,
                OptionalDouble.of(0), Optional.of(margin));
        return new ExploreRun(index, 100 + index, trial, Optional.empty());
    }

    @Test
    void theFirstRunAndRunsWithoutAMarginDrawFromTheRandomLine() {
        Guide guide = new Guide(NAIVE, LINE);
        assertEquals(new Guide.Pick(LINE, "random"), guide.next(100, 0, List.of()));
        Trial noMargin = new Trial(Optional.empty(), true, Map.of(), SchedulePlan.parse("test", "at 3s pause redis for 4s\n"), 30);
        assertEquals(new Guide.Pick(LINE, "random"),
                guide.next(100, 1, List.of(new ExploreRun(0, 100, noMargin, Optional.empty()))));
    }

    @Test
    void theSameSeedAndMarginsGiveTheSameSchedules() {
        for (int i = 2; i < 40; i++) {
            assertEquals(new Guide(NAIVE, LINE).next(100, i, done(6000, 9900)),
                    new Guide(NAIVE, LINE).next(100, i, done(6000, 9900)), "run " + i);
        }
        List<String> seed100 = new ArrayList<>();
        List<String> seed200 = new ArrayList<>();
        for (int i = 2; i < 12; i++) {
            seed100.add(new Guide(NAIVE, LINE).next(100, i, done(6000, 9900)).schedule().text());
            seed200.add(new Guide(NAIVE, LINE).next(200, i, done(6000, 9900)).schedule().text());
        }
        assertNotEquals(seed100, seed200, "another seed, other schedules");
    }

    @Test
    void mostRunsMutateTheClosestRunIntoAScriptThatFitsTheRun() {
        int fresh = 0;
        int fromClosest = 0;
        int mutated = 0;
        boolean lengthenedPastTheTtl = false;
        boolean holderLeft = false;
        for (int i = 2; i < 202; i++) {
            Guide.Pick pick = new Guide(NAIVE, LINE).next(7, i, done(6000, 9900));
            if (pick.origin().equals("random")) {
                assertEquals(LINE, pick.schedule());
                fresh++;
                continue;
            }
            mutated++;
            if (pick.origin().startsWith("run 0 (margin 6000 ms): ")) {
                fromClosest++;
            }
            Schedule schedule = ((SchedulePlan.Scripted) pick.schedule()).schedule();
            for (ExploreRun parent : done(6000, 9900)) {
                assertNotEquals(parent.trial().schedule().text(), schedule.script(), "a mutation plays something new: " + pick);
            }
            assertFalse(schedule.steps().isEmpty(), pick.toString());
            assertTrue(schedule.end().compareTo(NAIVE.duration()) <= 0, "ends within the run: " + pick);
            for (ScheduledFault step : schedule.steps()) {
                lengthenedPastTheTtl |= step.fault().targets().contains("holder-unfenced")
                        && step.duration().orElseThrow().compareTo(Duration.ofSeconds(10)) > 0;
                holderLeft |= step.at().equals(Duration.ofSeconds(3))
                        && step.fault().kind() == FaultKind.PAUSE && !step.fault().targets().equals(List.of("holder-unfenced"));
            }
        }
        assertTrue(fresh > 25 && fresh < 75, "about one in four draws afresh: " + fresh);
        assertTrue(fromClosest > mutated / 2, "the closest run is the parent most often: " + fromClosest + " of " + mutated);
        assertTrue(lengthenedPastTheTtl, "the step that caught the holder gets lengthened past the 10 s TTL");
        assertFalse(holderLeft, "the pause of the lane's holder stays aimed at it (a retarget lengthens it instead)");
    }

    @Test
    void aPauseOfANamedWorkerIsRetargetedAtTheClosestHoldsLanesHolder() {
        List<ExploreRun> done = List.of(run(0, "at 3s pause worker-1 for 4s\n",
                new Margin(6000, Optional.of("worker-2"), OptionalLong.of(3200))));
        boolean toTheLanesHolder = false;
        for (int i = 1; i < 101; i++) {
            Guide.Pick pick = new Guide(NAIVE, LINE).next(7, i, done);
            if (pick.origin().contains("retarget")) {
                Schedule schedule = ((SchedulePlan.Scripted) pick.schedule()).schedule();
                toTheLanesHolder |= schedule.steps().get(0).fault().targets().equals(List.of("holder-unfenced"));
                assertTrue(pick.origin().contains("retarget step 1 to holder-unfenced"),
                        "worker-2 holds in lane unfenced; its holder alias lands in a hold by construction: " + pick);
            }
        }
        assertTrue(toTheLanesHolder, "some mutation retargets");
    }

    @Test
    void untilARunComesNearAFailureEveryRunDrawsAfresh() {
        // 10 s TTL, 20 ms think: a hold with no fault leaves about 9.98 s; near is below 7.98 s.
        for (int i = 2; i < 42; i++) {
            assertEquals(new Guide.Pick(LINE, "random"), new Guide(NAIVE, LINE).next(7, i, done(8100, 9500)),
                    "margins of 8.1 and 9.5 s are noise around an untouched hold");
        }
        long mutated = java.util.stream.IntStream.range(2, 42)
                .filter(i -> !new Guide(NAIVE, LINE).next(7, i, done(7900, 9500)).origin().equals("random")).count();
        assertTrue(mutated > 20, "a margin of 7.9 s is a hold a fault ate into: " + mutated + " of 40 mutated");
    }

    @Test
    void otherMarginsOtherParents() {
        int fromRun1 = 0;
        for (int i = 2; i < 42; i++) {
            String origin = new Guide(NAIVE, LINE).next(7, i, done(9900, 2000)).origin();
            if (origin.startsWith("run 1 (margin 2000 ms)")) {
                fromRun1++;
            }
        }
        assertTrue(fromRun1 > 10, "run 1, now the closest, is the usual parent: " + fromRun1 + " of 40");
    }

    @Test
    void aLengtheningCappedByTheRunsEndIsShiftedRatherThanPlayedAgain() {
        // curator-clock-skew-like: a 15 s run; the step already lasts to the end, so lengthening it changes nothing.
        Scenario shortRun = NAIVE.withDuration(Duration.ofSeconds(15));
        ExploreRun only = run(0, "at 4200ms clock zk-1 -10800ms for 10800ms\n",
                new Margin(9500, Optional.of("worker-1"), OptionalLong.of(5000)));
        for (int i = 1; i < 60; i++) {
            Guide.Pick pick = new Guide(shortRun, LINE).next(1, i, List.of(only));
            assertNotEquals(only.trial().schedule(), pick.schedule(), "run " + i + ": " + pick);
        }
    }
}
