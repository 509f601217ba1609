package io.lockchaos.faults.nemesis;

import io.lockchaos.checker.history.Value;
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

    private KillFault() {
    }

    static ActiveFault kill(FaultSpec.Kill spec, List<Killable> nodes, FaultRecorder recorder) {
        try {
            Each.node(nodes, "kill", Killable::kill);
        } catch (NemesisException e) {
            startAll(nodes);
            throw e;
        }
        recorder.record("start-kill", Values.targets(nodes));
        return new Healing(spec, () -> recorder.record("stop-kill", startAll(nodes)));
    }

    static ActiveFault restart(FaultSpec.Restart spec, List<Killable> nodes, FaultRecorder recorder) {
        Each.node(nodes, "kill for a restart", Killable::kill);
        recorder.record("restart", startAll(nodes));
        return Healing.done(spec);
    }

    /** Starts every node and returns {@code {:targets [...] :addresses [...]}}. */
    private static Value.Dict startAll(List<Killable> nodes) {
        List<Value> addresses = new ArrayList<>();
        Each.node(nodes, "start", n -> addresses.add(Value.of(n.name() + "=" + n.start())));
        return Value.map("targets", Values.names(Each.names(nodes)), "addresses", new Value.Vec(addresses));
    }
}
