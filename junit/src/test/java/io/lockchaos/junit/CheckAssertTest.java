package io.lockchaos.junit;

import static io.lockchaos.junit.LockChaosAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.Topology;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.history.ops.Fencing;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** What the assertions accept, and what a failed one says: the check, its evidence, the report, the replay command. */
class CheckAssertTest {

    private static final Path DIR = Path.of("/p/target/lockchaos/T.paused/20261201-130000");

    private static RunOutcome outcome() {
        Scenario s = Scenario.on(Topology.REDIS_SINGLE).name("T.paused").lock("redis-naive").tokens(Tokens.REDIS_INCR)
                .storage(Fencing.UNFENCED, Fencing.FENCED).workers(2).duration(Duration.ofSeconds(12))
                .expect("mutex", Validity.VALID).build();
        Evidence overlap = () -> "worker 1 held lock-0 from 3.1 s to 8.2 s while worker 2 held it from 5.4 s";
        return new RunOutcome(s, DIR, 120, Map.of(
                "mutex", new CheckResult("mutex", Validity.INVALID, "2 overlapping holds", List.of(overlap, overlap)),
                "ledger-fenced", CheckResult.valid("ledger-fenced", "every append accepted in token order")));
    }

    @Test
    void aVerdictAsAssertedPasses() {
        assertThat(outcome()).check("mutex").isInvalid();
        assertThat(outcome()).check("ledger-fenced").isValid().is(Validity.VALID);
    }

    @Test
    void aFailedAssertionNamesTheCheckItsEvidenceTheReportAndTheReplay() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertThat(outcome()).check("mutex").isValid());
        assertEquals("""
                check 'mutex' of run T.paused: expected valid but was invalid
                  summary:  2 overlapping holds
                  evidence: worker 1 held lock-0 from 3.1 s to 8.2 s while worker 2 held it from 5.4 s (and 1 more)
                  report:   /p/target/lockchaos/T.paused/20261201-130000/report.html
                  replay:   %s replay /p/target/lockchaos/T.paused/20261201-130000""".formatted(
                io.lockchaos.cluster.ProjectRoot.find().toAbsolutePath().resolve("lockchaos")), e.getMessage(),
                "the launcher by its absolute path: the line runs from the user's project too");
        assertEquals("valid", e.getExpected().getValue());
        assertEquals("invalid", e.getActual().getValue());
    }

    @Test
    void withoutALauncherTheReplayLineRunsTheCliMainWithTheTestsClasspath(@TempDir Path home) throws IOException {
        Path lib = Files.createFile(home.resolve("lib.jar"));
        Path classes = Files.createDirectory(home.resolve("classes"));
        TestClasspath cp = new TestClasspath(List.of(classes, lib, home.resolve("gone.jar")), Set::of);
        assertEquals("java -cp " + classes + File.pathSeparator + lib + " io.lockchaos.harness.cli.Main",
                CheckAssert.replayCommand(home, cp), "only the entries that exist, in order");
        Path launcher = Files.createFile(home.resolve("lockchaos"));
        assertEquals(launcher.toString(), CheckAssert.replayCommand(home, cp), "a checkout's launcher when there is one");
    }

    @Test
    void aValidCheckAssertedInvalidSaysItsSummary() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> assertThat(outcome()).check("ledger-fenced").isInvalid());
        assertEquals("check 'ledger-fenced' of run T.paused: expected invalid but was valid",
                e.getMessage().lines().findFirst().orElseThrow());
        assertEquals("  summary:  every append accepted in token order", e.getMessage().lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void anUnknownCheckNameListsTheRunsChecks() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertThat(outcome()).check("mutx"));
        assertEquals(true, e.getMessage().startsWith("run T.paused has no check 'mutx'; it has ["), e.getMessage());
        assertEquals(true, e.getMessage().contains("mutex") && e.getMessage().contains("ledger-fenced"), e.getMessage());
    }

    @Test
    void unmetExpectationsAreEachNamed() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertThat(outcome()).meetsItsExpectations());
        assertEquals("run T.paused: 1 check(s) did not reach the expected verdict", e.getMessage().lines().findFirst().orElseThrow());
        assertEquals(true, e.getMessage().contains("check 'mutex' of run T.paused: expected valid but was invalid"));
    }

    @Test
    void unsafeWindowsAreAssertedShorterThanALimitOrAbsentPerLane() {
        RunOutcome base = outcome();
        io.lockchaos.history.Value lock = io.lockchaos.history.ops.LockOps.lock("unfenced-job-0",
                java.util.OptionalLong.of(3));
        io.lockchaos.history.History h = io.lockchaos.history.History.of(List.of(
                op(0, io.lockchaos.history.OpType.INVOKE, 0, "acquire", lock), op(100, io.lockchaos.history.OpType.OK, 0, "acquire", lock),
                op(1000, io.lockchaos.history.OpType.INVOKE, 1, "acquire", lock), op(1200, io.lockchaos.history.OpType.OK, 1, "acquire", lock),
                op(5000, io.lockchaos.history.OpType.INVOKE, 0, "release", lock)));
        RunOutcome overtaken = new RunOutcome(base.scenario(), DIR, 5, base.checks(), Map.of(),
                io.lockchaos.checker.lock.UnsafeWindows.of(h));
        assertThat(overtaken).unsafeWindow().isShorterThan(Duration.ofSeconds(4));
        assertThat(overtaken).unsafeWindow("fenced").hasNone();
        assertThat(base).unsafeWindow().hasNone().isShorterThan(Duration.ofMillis(1));
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> assertThat(overtaken).unsafeWindow("unfenced").isShorterThan(Duration.ofSeconds(3)));
        assertEquals("unsafe windows of run T.paused (lane unfenced): expected every unsafe window shorter than 3000 ms"
                + " but the worst is 3800.0 ms (1 unsafe window: worst 3800 ms, median 3800 ms, total 3800 ms; 0 of 1 told"
                + " of the loss)", e.getMessage().lines().findFirst().orElseThrow());
        assertEquals(true, e.getMessage().contains("it was never told."), e.getMessage());
        assertThrows(AssertionFailedError.class, () -> assertThat(overtaken).unsafeWindow().hasNone());
        assertThrows(AssertionFailedError.class, () -> assertThat(overtaken).unsafeWindow().wasAlwaysTold());
        assertThrows(AssertionFailedError.class, () -> assertThat(overtaken).unsafeWindow("cheap"));
    }

    private static io.lockchaos.history.Op op(long ms, io.lockchaos.history.OpType type, int p, String f,
                                             io.lockchaos.history.Value v) {
        return new io.lockchaos.history.Op(0, ms * 1_000_000, type, io.lockchaos.history.Process.client(p), f, v);
    }
}
