package io.lockchaos.harness.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How long each phase of a run took, in the order they ran ({@code results.json}'s
 * {@code phases}, in seconds): each {@link #end} closes the phase under way since the last one.
 */
final class Phases {

    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private long mark = System.nanoTime();

    /** Ends the phase under way as {@code name} (a name used twice adds up) and starts the next. */
    void end(String name) {
        long now = System.nanoTime();
        nanos.merge(name, now - mark, Long::sum);
        mark = now;
    }

    /** Each phase's seconds, rounded to milliseconds. */
    Map<String, Double> seconds() {
        Map<String, Double> out = new LinkedHashMap<>();
        nanos.forEach((name, n) -> out.put(name, Math.round(n / 1e6) / 1e3));
        return Collections.unmodifiableMap(out);
    }
}
