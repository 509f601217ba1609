package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;

/**
 * The pause package: SIGSTOP every target's process, heal with SIGCONT. Records
 * {@code :start-pause {:targets [...]}} once all are stopped and {@code :stop-pause} once all
 * are continued.
 */
final class PauseFault {

    private PauseFault() {
    }

    static ActiveFault inject(FaultSpec.Pause spec, List<Pausable> nodes, FaultRecorder recorder) {
        try {
            Each.node(nodes, "pause", Pausable::pause);
        } catch (NemesisException e) {
            Each.node(nodes, "resume after a failed pause", Pausable::resume);
            throw e;
        }
        recorder.record("start-pause", Values.targets(nodes));
        return new Healing(spec, () -> {
            Each.node(nodes, "resume", Pausable::resume);
            recorder.record("stop-pause", Values.targets(nodes));
        });
    }
}
