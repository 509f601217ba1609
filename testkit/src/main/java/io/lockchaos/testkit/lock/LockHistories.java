package io.lockchaos.testkit.lock;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.history.History;
import java.util.EnumSet;
import java.util.List;

/**
 * Generates realistic lock histories: workers loop acquire → read → append → release on
 * {@code locks} named locks ({@code job-0} ...), waiting acquires queue and some give up
 * ({@code :fail}), a few requests time out ({@code :info}, after which the worker goes on as a
 * new process, Jepsen's rule), a nemesis starts and stops partitions that change nothing, and
 * the {@code final} process reads every ledger at the end. Times are ns. Without anomalies the
 * history is valid for all four lock checks; each {@link LockAnomaly} asked for is injected once,
 * about halfway. Deterministic for a seed. About a million events take a second or two.
 */
public final class LockHistories {

    private LockHistories() {
    }

    /**
     * @param seed       the random seed; the same arguments give the same history
     * @param operations about how many events the history holds: workers start no new cycle past
     *                   it, finish the ones under way, then the final reads follow
     * @param workers    concurrent workers, at least 1 (2 for {@link LockAnomaly#EXPIRED_LEASE})
     * @param locks      how many locks (and ledgers), at least 1
     * @param fencing    whether grants carry tokens and what the store checks
     * @param anomalies  what to inject; none gives a valid history
     */
    public static GeneratedHistory generate(long seed, int operations, int workers, int locks, Fencing fencing,
                                            LockAnomaly... anomalies) {
        if (operations < 1 || workers < 1 || locks < 1) {
            throw new IllegalArgumentException("operations, workers and locks must be at least 1, got "
                    + operations + ", " + workers + ", " + locks);
        }
        EnumSet<LockAnomaly> wanted = EnumSet.noneOf(LockAnomaly.class);
        wanted.addAll(List.of(anomalies));
        if (wanted.contains(LockAnomaly.EXPIRED_LEASE) && workers < 2) {
            throw new IllegalArgumentException("an expired lease needs another worker to take the lock: use 2 or more workers");
        }
        if (wanted.contains(LockAnomaly.TOKEN_REGRESSION) && fencing == Fencing.UNFENCED) {
            throw new IllegalArgumentException("a token regression needs tokens: use Fencing.WRITES_ONLY or Fencing.FENCED");
        }
        LockSimulation.Outcome outcome = new LockSimulation(seed, operations, workers, locks, fencing, wanted).run();
        return new GeneratedHistory(History.of("generated(seed " + seed + ")", outcome.events()), outcome.injected());
    }

    /** A valid history: {@link Fencing#FENCED}, no anomalies. */
    public static History valid(long seed, int operations, int workers, int locks) {
        return generate(seed, operations, workers, locks, Fencing.FENCED).history();
    }
}
