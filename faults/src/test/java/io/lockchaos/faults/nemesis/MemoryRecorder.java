package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.List;

/** Keeps recorded nemesis ops as {@code f value} lines. */
final class MemoryRecorder implements FaultRecorder {

    final List<String> ops = new ArrayList<>();

    @Override
    public synchronized void record(String f, Value.Dict value) {
        ops.add(f + " " + value);
    }

    List<String> fs() {
        return ops.stream().map(s -> s.substring(0, s.indexOf(' '))).toList();
    }
}
