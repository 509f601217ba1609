package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The crash package: SIGKILL every target's server, heal by starting it again (its data
 * survives only if it persists it). Records {@code :start-kill} and {@code :stop-kill}, the
 * latter with each node's client address after the start, which may have changed. A restart
 * is a kill and a start at once, recorded as one {@code :restart}. Injects {@code kill TARGETS}
 * and {@code restart TARGETS}; a random schedule kills one killable server; the sweep starts
 * every server that is down.
 */
public final class KillFault implements FaultPackage {

    /** The band of its ops: {@code start-kill}, {@code stop-kill}. */
    static final String BAND = "kill";
    /** A restart's op, a mark rather than a band. */
    static final String RESTART = "restart";

    @Override
    public List<String> offered(FaultTargets targets) {
        return Each.names(targets.all(Killable.class));
    }

    @Override
    public Optional<Sweep> sweep() {
        return Optional.of(new Sweep("started", Stage.PROCESS, KillFault::sweep));
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
    private static boolean sweep(FaultNode node) {
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

    /**
     * Starts every node and returns {@code {:targets [...] :addresses [...]}}: launches them all
     * first, then waits for each, since members of a quorum serve only together.
     */
    private static Value.Dict startAll(List<Killable> nodes) {
        List<Value> addresses = new ArrayList<>();
        Each.node(nodes, "start", Killable::launch);
        Each.node(nodes, "start", n -> addresses.add(Value.of(n.name() + "=" + n.awaitServing())));
        return Value.map(NemesisOps.TARGETS, NemesisOps.names(Each.names(nodes)), "addresses", new Value.Vec(addresses));
    }
}
