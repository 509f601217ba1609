package io.lockchaos.cluster.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.nemesis.FaultRecorder;
import java.util.ArrayList;
import java.util.List;

/** Keeps what the nemesis recorded, as {@code f value} lines. */
final class Recorded implements FaultRecorder {

    private final List<String> ops = new ArrayList<>();

    @Override
    public synchronized void record(String f, Value.Dict value) {
        ops.add(f + " " + value);
    }

    synchronized List<String> ops() {
        return List.copyOf(ops);
    }

    synchronized List<String> fs() {
        return ops.stream().map(s -> s.substring(0, s.indexOf(' '))).toList();
    }
}
