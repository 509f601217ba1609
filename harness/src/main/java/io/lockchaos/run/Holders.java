package io.lockchaos.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Which workers hold a lock right now, as their streamed histories say: from an acquire's
 * {@code :ok} to the invocation of its release. Lets a schedule name {@code holder-<lane>}
 * ({@code at 3s pause holder-unfenced for 5s}) so that a pause lands inside a critical
 * section by construction rather than by luck. Thread-safe.
 */
final class Holders {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The alias prefix in schedules: {@code holder-unfenced}. */
    static final String ALIAS = "holder-";

    private final Map<String, Boolean> holding = new ConcurrentHashMap<>();

    /** Notes one history line that worker {@code worker} streamed. */
    void saw(String worker, String line) {
        if (!line.contains("\"acquire\"") && !line.contains("\"release\"")) {
            return;
        }
        JsonNode op;
        try {
            op = JSON.readTree(line);
        } catch (JsonProcessingException notAnOp) {
            // Not an operation (the history reader reports such lines at the end); holds nothing.
            return;
        }
        String f = op.path("f").asText();
        String type = op.path("type").asText();
        if (f.equals("acquire") && type.equals("ok")) {
            holding.put(worker, true);
        } else if (f.equals("release") && type.equals("invoke")) {
            holding.put(worker, false);
        }
    }

    /** The first of {@code workers} that holds a lock, waiting up to {@code patience} for one. */
    Optional<String> awaitHolder(List<String> workers, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        do {
            for (String w : workers) {
                if (holding.getOrDefault(w, false)) {
                    return Optional.of(w);
                }
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        } while (System.nanoTime() < deadline);
        return Optional.empty();
    }
}
