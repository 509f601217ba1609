package io.lockchaos.harness.cli;

import io.lockchaos.harness.run.Run;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * The CLI's answer to a Docker engine that stops mid-run, for {@code run} and for each run of
 * {@code matrix}, {@code explore} and {@code shrink}: the run is not carried out (exit 2) and
 * says what it recorded. Normally the run's own thread sees the engine gone
 * within seconds ({@link Run#engineLost()}) and ends; if it is stuck in a call the engine never
 * answers, this guard waits {@link #GRACE}, says the same and ends the process itself (the
 * history is written line by line, so nothing recorded is lost), so a run never hangs.
 */
final class EngineGuard {
    static final Duration GRACE = Duration.ofSeconds(20);

    private EngineGuard() {
    }

    /** Starts the guard of {@code run}; interrupt the returned thread once the run has ended. */
    static Thread start(Run run, PrintWriter err) {
        Thread guard = new Thread(() -> {
            try {
                while (run.engineLost().isEmpty()) {
                    Thread.sleep(500);
                }
                Thread.sleep(GRACE.toMillis());
            } catch (InterruptedException ended) {
                return;
            }
            notCarriedOut(run, err);
            err.println("lockchaos: the run's own thread was still waiting for the engine " + GRACE.toSeconds()
                    + " s later; its containers are left on the engine: once it answers again, 'lockchaos cluster"
                    + " down' (or the next run) removes them");
            err.flush();
            System.out.flush();
            Runtime.getRuntime().halt(RunCommand.EXIT_FAILED);
        }, "engine-guard");
        guard.setDaemon(true);
        guard.start();
        return guard;
    }

    /** Says that the run is not carried out, why, and what it recorded. */
    static void notCarriedOut(Run run, PrintWriter err) {
        err.println("lockchaos: the run is not carried out (exit " + RunCommand.EXIT_FAILED + ", no verdict): "
                + run.engineLost().orElse("the Docker engine stopped answering"));
        err.println("lockchaos: it recorded " + run.recorded() + " events before that: "
                + run.results().historyJsonl() + " (report.html beside it shows them)");
        err.flush();
    }
}
