package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;
import java.util.Optional;

/**
 * The pause package: SIGSTOP every target's process, heal with SIGCONT. Records
 * {@code :start-pause {:targets [...]}} once all are stopped and {@code :stop-pause} once all
 * are continued. Injects {@code pause TARGETS}; a random schedule pauses one pausable node; the
 * sweep continues every stopped node.
 */
public final class PauseFault implements FaultPackage {

    /** The band of its ops: {@code start-pause}, {@code stop-pause}. */
    static final String BAND = "pause";

    @Override
    public List<String> offered(FaultTargets targets) {
        return Each.names(targets.all(Pausable.class));
    }

    @Override
    public Optional<Sweep> sweep() {
        return Optional.of(new Sweep("resumed", Stage.PROCESS, PauseFault::sweep));
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
    private static boolean sweep(FaultNode node) {
        if (node instanceof Pausable p && p.isPaused()) {
            p.resume();
            return true;
        }
        return false;
    }
}
