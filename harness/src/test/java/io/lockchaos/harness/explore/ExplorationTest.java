package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.SchedulePlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exploration loop around an in-process stand-in for the runs (a function of the seed): the
 * seeds, the shard, which folders stay, the table and the exit code. Real runs are in the note.
 */
class ExplorationTest {

    private static final Scenario PAUSE = ScenarioFile.read(
            ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json"));

    @TempDir
    Path results;

    private final List<Scenario> asked = new ArrayList<>();

    /** Seed s: a pause when s is even, a kill when odd; mutex invalid when s % 3 == 0; no verdict when s % 7 == 6. */
    private Trial fake(Scenario s) {
        asked.add(s);
        long seed = s.seed();
        Path dir = results.resolve("run-" + seed);
        try {
            Files.createDirectories(dir.resolve("logs"));
            Files.writeString(dir.resolve("logs").resolve("w.log"), "log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String schedule = seed % 2 == 0 ? "at 4s pause worker-1 for 3s\n" : "at 4s kill redis for 2s\n";
        if (seed % 7 == 6) {
            return new Trial(Optional.of(dir), false, Map.of(), SchedulePlan.parse("test", schedule), 1);
        }
        Map<String, Validity> verdicts = new LinkedHashMap<>();
        s.checkNames().forEach(c -> verdicts.put(c, Validity.VALID));
        if (seed % 3 == 0) {
            verdicts.put("mutex", Validity.INVALID);
            verdicts.put("mutex-unfenced", Validity.INVALID);
        }
        return new Trial(Optional.of(dir), true, verdicts, SchedulePlan.parse("test", schedule), 30,
                java.util.OptionalDouble.of(seed % 3 == 0 ? 1000 + 100 * seed : 0));
    }

    private ExploreSummary explore(int runs, long seed, Shard shard, boolean keepAll, List<String> lines) {
        FaultTiming timing = FaultTiming.of(PAUSE, Optional.of("4s"), List.of("pause", "kill"));
        ExploreSummary.Setup setup = new ExploreSummary.Setup(PAUSE.name(), timing.line(), seed, runs, shard, timing);
        return new Exploration(setup, this::fake, keepAll, lines::add).run(PAUSE);
    }

    @Test
    void runIHasSeedSPlusIAndARandomScheduleWithoutExpectations() {
        List<String> lines = new ArrayList<>();
        ExploreSummary summary = explore(6, 10, Shard.ALL, false, lines);
        assertEquals(List.of(10L, 11L, 12L, 13L, 14L, 15L), asked.stream().map(Scenario::seed).toList());
        assertTrue(asked.stream().allMatch(s -> s.expect().isEmpty() && s.schedule().oneLine().equals("random every 4s pause,kill")));
        assertEquals(6, lines.size());
        assertTrue(lines.get(0).startsWith("[###-----------------] 1/6 run 0, seed 10 (pause): valid in 30 s; about "),
                lines.get(0));
        assertTrue(lines.get(2).contains("seed 12 (pause): invalid [mutex, mutex-unfenced]"), lines.get(2));
        assertTrue(lines.get(5).endsWith("; done"), lines.get(5));
        assertEquals(6, summary.runs().size());
    }

    @Test
    void keepsOnlyInvalidAndUnknownRunsUnlessAllAreKept() {
        ExploreSummary summary = explore(8, 10, Shard.ALL, false, new ArrayList<>());
        // seeds 10..17: invalid 12, 15; no verdict 13 (13 % 7 == 6); the rest valid and deleted.
        List<Long> kept = summary.runs().stream().filter(r -> r.kept().isPresent()).map(ExploreRun::seed).toList();
        assertEquals(List.of(12L, 13L, 15L), kept);
        for (long seed = 10; seed <= 17; seed++) {
            assertEquals(kept.contains(seed), Files.isDirectory(results.resolve("run-" + seed)), "seed " + seed);
        }
        assertEquals(2, summary.invalidRuns());
        assertEquals(1, summary.unknownRuns());
        assertEquals(1, summary.exitCode(), "a check invalid is what explore looks for: exit 1");

        asked.clear();
        ExploreSummary all = explore(3, 20, Shard.ALL, true, new ArrayList<>());
        assertTrue(all.runs().stream().allMatch(r -> r.kept().isPresent()));
        assertTrue(Files.isDirectory(results.resolve("run-20")));
    }

    @Test
    void exitCodeIsZeroOnlyWhenEveryRunWasValidAndTwoWhenOnlyUnknown() {
        assertEquals(0, explore(2, 10, Shard.ALL, false, new ArrayList<>()).exitCode(), "seeds 10, 11 valid");
        assertEquals(2, explore(1, 13, Shard.ALL, false, new ArrayList<>()).exitCode(), "seed 13 has no verdict");
    }

    @Test
    void shardsRunDisjointSeedsThatTogetherAreAllOfThem() {
        List<Long> seeds = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            asked.clear();
            ExploreSummary part = explore(8, 100, new Shard(i, 3), false, new ArrayList<>());
            seeds.addAll(asked.stream().map(Scenario::seed).toList());
            assertEquals(part.runs().size(), asked.size());
        }
        assertEquals(List.of(100L, 103L, 106L, 101L, 104L, 107L, 102L, 105L), seeds);
    }

    @Test
    void tableCountsInvalidRunsPerFaultKindWithWilsonIntervals() throws IOException {
        ExploreSummary summary = explore(12, 0, Shard.ALL, false, new ArrayList<>());
        // seeds 0..11: pause = even (6), kill = odd (6); mutex invalid at 0, 3, 6, 9; 6 has no
        // verdict (6 % 7 == 6), so invalid: pause {0}, kill {3, 9}.
        assertEquals(List.of("any", "kill", "pause"), summary.rowNames());
        assertEquals(3, ExploreSummary.count(summary.runsOf("any"), "mutex", Validity.INVALID));
        assertEquals(2, ExploreSummary.count(summary.runsOf("kill"), "mutex", Validity.INVALID));
        assertEquals(1, ExploreSummary.count(summary.runsOf("pause"), "mutex", Validity.INVALID));
        String md = summary.markdown();
        assertTrue(md.contains("| kill | 6 | 2 (" + Wilson.of(2, 6).percent() + ") | 0 (0-39%) |"), md);
        JsonNode json = new ObjectMapper().readTree(summary.toJson(results));
        assertEquals(12, json.path("runs").asInt());
        assertEquals(3, json.path("invalidRuns").asInt());
        assertEquals(1, json.path("unknownRuns").asInt());
        assertEquals(1, json.path("table").path("pause").path("invalid").path("mutex").path("runs").asInt());
        assertEquals("run-3", json.path("list").get(3).path("results").asText());
        assertTrue(json.path("list").get(1).path("results").isNull(), "a deleted run has no folder");
        assertFalse(json.path("table").has("clock"), "only kinds present in some run");
        // windows in the invalid runs 0, 3 and 9: 1000, 1300 and 1900 ms; run 6 measured nothing.
        assertEquals(new ExploreSummary.WindowSpread(11, 3, 1300, 1900), summary.windowSpread());
        assertTrue(md.contains("Unsafe windows: 3 of 11 runs had an unsafe window; each such run's worst: median 1300 ms,"
                + " at most 1900 ms."), md);
        assertEquals(3, json.path("unsafeWindows").path("runsWithWindow").asInt());
        assertEquals(1900.0, json.path("list").get(9).path("worstUnsafeWindowMs").asDouble());
        assertTrue(json.path("list").get(6).path("worstUnsafeWindowMs").isNull());
        assertTrue(md.contains("Timescales: none. Durations: a fault every 4s (--every), lasting half of it to all of it; kinds pause, kill (--faults)."), md);
        assertEquals(0, json.path("timescalesMs").size());
    }

    @Test
    void theSummarySaysWhichTimescalesTheFaultsWereDrawnAround() throws IOException {
        FaultTiming timing = FaultTiming.of(PAUSE, Optional.empty(), List.of("pause"));
        ExploreSummary.Setup setup = new ExploreSummary.Setup(PAUSE.name(), timing.line(), 1, 2, Shard.ALL, timing);
        ExploreSummary summary = new Exploration(setup, this::fake, false, l -> { }).run(PAUSE);
        String md = summary.markdown();
        assertTrue(md.contains("`random around ttl=" + PAUSE.lock().ttl().toSeconds() + "s pause`"), md);
        assertTrue(md.contains("Timescales: `ttl=" + PAUSE.lock().ttl().toSeconds() + "s`. Durations: faults one after"
                + " another, each lasting below (0.4-0.6x), near (0.9-1.1x) or above (1.5-3.0x) one of redis-naive's"), md);
        JsonNode json = new ObjectMapper().readTree(summary.toJson(results));
        assertEquals(PAUSE.lock().ttl().toMillis(), json.path("timescalesMs").path("ttl").asLong());
        assertTrue(json.path("drawing").asText().contains("holder-<lane>"), json.toString());
    }

    @Test
    void guidedRunsMutateThePlayedScriptsByTheirMarginsAndStopAtTheFirstInvalidWhenAsked() throws IOException {
        FaultTiming timing = FaultTiming.of(PAUSE, Optional.empty(), List.of("pause"));
        ExploreSummary.Setup setup = new ExploreSummary.Setup(PAUSE.name(), timing.line(), 40, 30, Shard.ALL, timing,
                Strategy.GUIDED, true);
        // Each run plays its schedule as asked (a random line plays one fixed pause); the margin is the TTL
        // minus the think time and the longest pause of a holder (what was left of the lease at the
        // release); a pause of a holder longer than that breaks mutex. The random line's 450 ms pause
        // leaves 50 ms: near, against 500 ms with no fault.
        List<String> lines = new ArrayList<>();
        ExploreSummary summary = new Exploration(setup, s -> {
            asked.add(s);
            SchedulePlan played = s.schedule().randomLine().isPresent()
                    ? SchedulePlan.parse("t", "at 1s pause holder-unfenced for 450ms\n") : s.schedule();
            long longest = ((SchedulePlan.Scripted) played).schedule().steps().stream()
                    .filter(f -> f.fault().targets().contains("holder-unfenced"))
                    .mapToLong(f -> f.duration().orElseThrow().toMillis()).max().orElse(0);
            double margin = PAUSE.lock().ttl().toMillis() - PAUSE.think().toMillis() - longest;
            Map<String, Validity> verdicts = new LinkedHashMap<>();
            verdicts.put("mutex", margin < 0 ? Validity.INVALID : Validity.VALID);
            return new Trial(Optional.empty(), true, verdicts, played, 30, java.util.OptionalDouble.of(0),
                    Optional.of(new Margin(margin, Optional.of("worker-1"), java.util.OptionalLong.of(1200))));
        }, false, lines::add).run(PAUSE);
        assertEquals(timing.line(), asked.get(0).schedule().oneLine(), "run 0 draws");
        assertTrue(asked.stream().skip(1).anyMatch(s -> s.schedule().text().startsWith("at ")), "later runs play scripts");
        ExploreRun last = summary.runs().get(summary.runs().size() - 1);
        assertEquals(Validity.INVALID, last.trial().overall(), "stopped at the first invalid run: " + lines);
        assertTrue(summary.runs().size() < 30, "before its 30 runs: " + summary.runs().size());
        assertEquals(java.util.OptionalInt.of(summary.runs().size()), summary.runsToFirstFailure());
        assertTrue(lines.get(lines.size() - 1).contains("margin -"), lines.get(lines.size() - 1));
        String md = summary.markdown();
        assertTrue(md.contains("Strategy: guided"), md);
        assertTrue(md.contains("Runs to the first with mutex or holds invalid: " + summary.runs().size() + "."), md);
        JsonNode json = new ObjectMapper().readTree(summary.toJson(results));
        assertEquals("guided", json.path("strategy").asText());
        assertEquals(summary.runs().size(), json.path("runsToFirstFailure").asInt());
        assertTrue(json.path("list").get(0).path("marginMs").isNumber());
    }

    @Test
    void sideBySideGuidedRunsArePlannedFromTheRunsASlotCountBeforeAndReproduceWhateverOrderTheyEndIn() {
        FaultTiming timing = FaultTiming.of(PAUSE, Optional.empty(), List.of("pause"));
        ExploreSummary.Setup setup = new ExploreSummary.Setup(PAUSE.name(), timing.line(), 40, 8, Shard.ALL, timing,
                Strategy.GUIDED, false);
        java.util.function.IntFunction<java.util.Map<Long, String>> explore = salt -> {
            java.util.Map<Long, String> schedules = new java.util.concurrent.ConcurrentHashMap<>();
            java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
            java.util.function.Function<Scenario, Trial> ran = s -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                schedules.put(s.seed(), s.schedule().oneLine());
                try {
                    // Runs end in an order that differs with the salt: the plans must not.
                    Thread.sleep(5 + (s.seed() * 7 + salt) % 4 * 15);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    running.decrementAndGet();
                }
                SchedulePlan played = s.schedule().randomLine().isPresent()
                        ? SchedulePlan.parse("t", "at 1s pause holder-unfenced for " + (400 + s.seed()) + "ms\n")
                        : s.schedule();
                return new Trial(Optional.empty(), true, Map.of("mutex", Validity.VALID), played, 30,
                        java.util.OptionalDouble.of(0), Optional.of(new Margin(100 - s.seed(), Optional.of("worker-1"),
                        java.util.OptionalLong.of(1200))));
            };
            Trials trials = new Trials() {
                @Override
                public Trial run(Scenario s) {
                    throw new AssertionError("side by side, every run goes through runBeside");
                }

                @Override
                public Trial runBeside(Scenario s, Runnable started) {
                    started.run();
                    return ran.apply(s);
                }
            };
            ExploreSummary summary = new Exploration(setup, trials, false, l -> { },
                    new io.lockchaos.harness.run.SideBySide<>(2, () -> 0, 1, java.time.Duration.ofMillis(1))).run(PAUSE);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), summary.runs().stream().map(ExploreRun::index).toList(),
                    "in the runs' order");
            assertEquals(2, most.get(), "two at once, never more");
            return schedules;
        };
        java.util.Map<Long, String> first = explore.apply(0);
        assertEquals(timing.line(), first.get(40L), "run 0 draws");
        assertEquals(timing.line(), first.get(41L), "run 1 draws too: no run has ended two slots before it");
        assertTrue(first.values().stream().anyMatch(t -> t.startsWith("at ")), "later runs mutate: " + first);
        assertEquals(first, explore.apply(3), "the same seed and margins give the same schedules");
    }
}
