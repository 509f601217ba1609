package io.lockchaos.checker;

import io.lockchaos.history.History;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;

/**
 * A history no check can judge: no client operation in it completed {@code :ok} or
 * {@code :fail}. Every check would answer valid about nothing (no grant to overlap, no value to
 * contradict), so there is no verdict; every command that checks a history refuses it with this
 * reason (exit 3), never "valid". A history of only nemesis events, only invocations (a run
 * killed at its start), or only {@code :info} completions is such a history.
 */
public final class NothingToCheck extends LockchaosException {

    private NothingToCheck(String message) {
        super(message);
    }

    /**
     * Returns normally when some client operation of {@code history} completed {@code :ok} or
     * {@code :fail}.
     *
     * @throws NothingToCheck naming the source and what it holds instead
     */
    public static void require(History history) {
        int clientOps = 0;
        for (Operation op : history.operations()) {
            if (op.process() instanceof Process.Client) {
                if (op.isOk() || op.isFail()) {
                    return;
                }
                clientOps++;
            }
        }
        String holds = history.size() == 0 ? "no operations (an empty history, such as a run killed before it"
                + " recorded anything)"
                : clientOps == 0 ? "no client operation (" + history.size() + " events, none of a client process)"
                : "no client operation that completed :ok or :fail (" + clientOps + " invoked, each without a"
                        + " completion or ended :info)";
        throw new NothingToCheck(history.source() + ": " + holds + "; there is nothing to check, so no verdict");
    }
}
