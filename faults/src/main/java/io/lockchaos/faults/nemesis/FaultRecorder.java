package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;

/**
 * Where the nemesis reports what it did: one {@code :info} operation of process
 * {@code :nemesis} per injection and per heal, e.g. {@code :start-pause {:targets ["redis-1"]}}
 * then {@code :stop-pause}. Implementations must be thread-safe.
 */
public interface FaultRecorder {

    /** Records nothing. */
    FaultRecorder NONE = (f, value) -> { };

    /** Records that the nemesis did {@code f} (a keyword name without colon) with {@code value}. */
    void record(String f, Value.Dict value);
}
