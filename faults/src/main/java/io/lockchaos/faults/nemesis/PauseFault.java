package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;

/**
 * The pause package: SIGSTOP every target's process, heal with SIGCONT. Records
 * {@code :start-pause {:targets [...]}} once all are stopped and {@code :stop-pause} once all
 * are continued.
 */
final class PauseFault {

    /** The band of its ops: {@code start-pause}, {@code stop-pause}. */
    static final String BAND = "pause";

    private PauseFault() {
    }

    static ActiveFault inject(FaultSpec.Pause spec, List<Pausable> nodes, FaultRecorder recorder) {
        try {
            Each.node(nodes, "pause", Pausable::pause);
        } catch (NemesisException e) {
            Each.node(nodes, "resume after a failed pause", Pausable::resume);
            throw e;
        }
        recorder.record(NemesisOps.start(BAND), NemesisOps.targets(Each.names(nodes)));
        return new Healing(spec, () -> {
            Each.node(nodes, "resume", Pausable::resume);
            recorder.record(NemesisOps.stop(BAND), NemesisOps.targets(Each.names(nodes)));
        });
    }

    /** The final sweep's part: continues {@code node} if it is stopped; whether it was. */
    static boolean sweep(FaultNode node) {
        if (node instanceof Pausable p && p.isPaused()) {
            p.resume();
            return true;
        }
        return false;
    }
}
