package com.example;

import static io.lockchaos.junit.LockChaosAssertions.assertThat;
import static io.lockchaos.history.ops.Fencing.FENCED;
import static io.lockchaos.history.ops.Fencing.UNFENCED;

import io.lockchaos.cluster.Topology;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioBuilder;
import io.lockchaos.junit.ChaosRunner;
import io.lockchaos.junit.LockChaos;
import io.lockchaos.workloads.lock.Tokens;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@LockChaos
class WatchdogRedisLockChaosIT {

    private static ScenarioBuilder watchdog(Duration hold, Duration runFor) {
        return Scenario.on(Topology.REDIS_SINGLE).lock(WatchdogRedisLock.class).ttl(Duration.ofSeconds(2))
                .tokens(Tokens.REDIS_INCR).storage(UNFENCED, FENCED).workers(2).think(hold).duration(runFor);
    }

    @Test
    void holdsLongerThanTheTtlStayExclusiveWhileTheWatchdogRenews(ChaosRunner runner) {
        RunOutcome out = runner.run(watchdog(Duration.ofMillis(2500), Duration.ofSeconds(20)));
        for (String check : new String[] {"mutex", "holds", "tokens", "ledger"}) {
            assertThat(out).check(check).isValid();
        }
    }

    @Test
    void aHolderPausedPastTheTtlBreaksTheLockAndFencingRefusesItsWrite(ChaosRunner runner) {
        RunOutcome out = runner.run(watchdog(Duration.ofMillis(1500), Duration.ofSeconds(12))
                .schedule("at 3s pause holder-unfenced,holder-fenced for 5s"));
        assertThat(out).check("mutex").isInvalid();
        assertThat(out).check("holds").isInvalid();
        assertThat(out).check("ledger-unfenced").isInvalid();
        assertThat(out).check("ledger-fenced").isValid();
    }
}
