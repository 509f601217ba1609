package io.lockchaos.history.ops;

import io.lockchaos.history.Value;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The names of the nemesis's operations in a history. A fault that lasts records
 * {@code start-BAND} once it is in force and {@code stop-BAND} once healed (the band is the
 * fault's package word: {@code pause}, {@code clock}, {@code clock-strobe}, {@code partition},
 * {@code kill}, {@code failover}, a link toxic's kind such as {@code latency}); a fault that
 * is over at once records one mark ({@code restart}, {@code clock-reset}); the final sweep
 * records {@link #HEAL_ALL}; {@link #SCHEDULE_START} marks the schedule's 0 s. The report draws its fault bands from these names.
 */
public final class NemesisOps {

    /** The final sweep's op, with what it found left over. */
    public static final String HEAL_ALL = "heal-all";

    /**
     * The moment a fault schedule's times count from ({@code at 3s} is 3 s after it), with an
     * empty value (the schedule itself is in scenario.json, and its holder aliases are resolved
     * only as each fault starts). Recorded once, before its first fault.
     */
    public static final String SCHEDULE_START = "schedule-start";

    /** The field naming the nodes or links a fault hit: {@code {:targets ["redis-1"]}}. */
    public static final String TARGETS = "targets";

    private static final String START = "start-";
    private static final String STOP = "stop-";

    private NemesisOps() {
    }

    /** The op that opens {@code band}: {@code start-pause}. */
    public static String start(String band) {
        return START + band;
    }

    /** The op that closes {@code band}: {@code stop-pause}. */
    public static String stop(String band) {
        return STOP + band;
    }

    /** The band {@code f} opens, if it is a start op. */
    public static Optional<String> started(String f) {
        return f.startsWith(START) ? Optional.of(f.substring(START.length())) : Optional.empty();
    }

    /** The band {@code f} closes, if it is a stop op. */
    public static Optional<String> stopped(String f) {
        return f.startsWith(STOP) ? Optional.of(f.substring(STOP.length())) : Optional.empty();
    }

    /** Names as a vector of strings: {@code ["redis-1" "redis-2"]}. */
    public static Value names(List<String> names) {
        return new Value.Vec(names.stream().map(Value::of).toList());
    }

    /** {@code {:targets ["redis-1"]}}. */
    public static Value.Dict targets(List<String> names) {
        return Value.map(TARGETS, names(names));
    }

    /** A signed offset in seconds or milliseconds: {@code +120s}, {@code -1500ms}, {@code +0s}. */
    public static String offset(Duration d) {
        String sign = d.isNegative() ? "-" : "+";
        long ms = d.abs().toMillis();
        return sign + (ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms");
    }
}
