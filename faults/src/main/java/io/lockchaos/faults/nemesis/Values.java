package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import java.time.Duration;
import java.util.List;

/** How nemesis operations spell their values: names as string vectors, offsets as {@code +120s}. */
final class Values {

    private Values() {
    }

    static Value names(List<String> names) {
        return new Value.Vec(names.stream().map(Value::of).toList());
    }

    static Value.Dict targets(List<? extends FaultNode> nodes) {
        return Value.map("targets", names(Each.names(nodes)));
    }

    /** A signed offset in seconds or milliseconds: {@code +120s}, {@code -1500ms}, {@code +0s}. */
    static String offset(Duration d) {
        String sign = d.isNegative() ? "-" : "+";
        long ms = d.abs().toMillis();
        return sign + (ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms");
    }
}
