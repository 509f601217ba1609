package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The crash package: SIGKILL every target's server, heal by starting it again (its data
 * survives only if it persists it). Records {@code :start-kill} and {@code :stop-kill}, the
 * latter with each node's client address after the start, which may have changed. A restart
 * is a kill and a start at once, recorded as one {@code :restart}.
 */
final class KillFault {

    /** The band of its ops: {@code start-kill}, {@code stop-kill}. */
    static final String BAND = "kill";
    /** A restart's op, a mark rather than a band. */
    static final String RESTART = "restart";

    private KillFault() {
    }

    static ActiveFault kill(FaultSpec.Kill spec, List<Killable> nodes, FaultRecorder recorder) {
        try {
            Each.node(nodes, "kill", Killable::kill);
        } catch (NemesisException e) {
            startAll(nodes);
            throw e;
        }
        recorder.record(NemesisOps.start(BAND), NemesisOps.targets(Each.names(nodes)));
        return new Healing(spec, () -> recorder.record(NemesisOps.stop(BAND), startAll(nodes)));
    }

    /** The final sweep's part: starts {@code node} if it is down; whether it was. */
    static boolean sweep(FaultNode node) {
        if (node instanceof Killable k && !k.isRunning()) {
            k.start();
            return true;
        }
        return false;
    }

    static ActiveFault restart(FaultSpec.Restart spec, List<Killable> nodes, FaultRecorder recorder) {
        Each.node(nodes, "kill for a restart", Killable::kill);
        recorder.record(RESTART, startAll(nodes));
        return Healing.done(spec);
    }

    /** Starts every node and returns {@code {:targets [...] :addresses [...]}}. */
    private static Value.Dict startAll(List<Killable> nodes) {
        List<Value> addresses = new ArrayList<>();
        Each.node(nodes, "start", n -> addresses.add(Value.of(n.name() + "=" + n.start())));
        return Value.map(NemesisOps.TARGETS, NemesisOps.names(Each.names(nodes)), "addresses", new Value.Vec(addresses));
    }
}
