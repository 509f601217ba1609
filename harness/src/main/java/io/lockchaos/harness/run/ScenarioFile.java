package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and writes scenario files (JSON; times in ms): the fields are {@link Scenario}'s, read
 * and written by {@link ScenarioJson} and checked by {@link ScenarioCheck}. Every problem is a
 * {@link ScenarioException} naming the file, the field and what is allowed:
 * <pre>{@code
 * {"name": "redis-naive-no-fault", "description": "...", "topology": "redis-single",
 *  "lock": {"backend": "redis-naive", "ttlMs": 10000, "sessionTimeoutMs": 5000, "tokens": "redis-incr"},
 *  "storage": ["unfenced", "fenced"], "workers": 3, "threads": 1, "locks": 1, "thinkMs": 20, "idleMs": 10,
 *  "tickMs": 0, "acquireTimeoutMs": 5000, "durationMs": 30000, "quietMs": 1000, "schedule": "", "seed": 1,
 *  "expect": {"mutex": "valid", "ledger-unfenced": "valid"}}
 * }</pre>
 * A results folder's {@code scenario.json} is such a file plus a {@code resolved} object
 * (versions, image tags), which reading ignores.
 *
 * <p>A lock of the user's own: {@code "backend": "class:com.example.MyLock"} with
 * {@code "classpath": "classes"} (a jar or classes directory, or an array of them; relative to
 * the scenario file's folder or absolute), on any topology; the class is loaded and checked
 * here ({@link UserLockClass}), and {@code scenario.json} records the classpath as absolute paths.
 */
public final class ScenarioFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ScenarioFile() {
    }

    /** Reads {@code file}. */
    public static Scenario read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file (" + e.getMessage() + ")", e);
        }
        return parse(text, file.toString(), file.toAbsolutePath().getParent());
    }

    /**
     * Reads scenario JSON given as text; {@code source} names it in messages; a relative
     * {@code lock.classpath} is taken from the current directory.
     */
    public static Scenario parse(String json, String source) {
        return parse(json, source, Path.of("").toAbsolutePath());
    }

    /** Reads scenario JSON given as text, a relative {@code lock.classpath} taken from {@code dir}. */
    public static Scenario parse(String json, String source, Path dir) {
        return ScenarioCheck.check(ScenarioJson.read(json, source), ScenarioCheck.Where.file(source), dir);
    }

    /**
     * The schedule a recorded run played: {@code resolved.schedule} of a results folder's
     * {@code scenario.json} (a random schedule as drawn), if it has one.
     */
    public static Optional<String> resolvedSchedule(Path scenarioJson) {
        try {
            JsonNode schedule = JSON.readTree(Files.readString(scenarioJson)).path("resolved").path("schedule");
            return schedule.isTextual() ? Optional.of(schedule.asText()) : Optional.empty();
        } catch (IOException e) {
            throw new ScenarioException(scenarioJson + ": cannot read the recorded schedule (" + e.getMessage() + ")", e);
        }
    }

    /** The scenario as JSON, in the shape {@link #read} reads, plus {@code resolved} when not null. */
    public static String toJson(Scenario s, Map<String, String> resolved) {
        return ScenarioJson.write(s, resolved);
    }
}
