package io.lockchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.history.LockchaosException;

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
        return readListing(file).scenario();
    }

    /**
     * A scenario file as the matrix lists it: the scenario and, read in the same pass, what the
     * file says beside it.
     *
     * @param scenario the scenario, checked
     * @param designRow the file's {@code designRow}: the row of the design's scenario table it shows
     * @param fault the file's {@code fault}: the fault in words, if it gives them
     * @param alone the file's {@code alone}: its verdict rests on a timing margin too narrow to share
     *     the machine, so {@code matrix --parallel} runs it with nothing beside it
     */
    public record Listing(Scenario scenario, OptionalInt designRow, Optional<String> fault, boolean alone) {
    }

    /** Reads {@code file} with its {@code designRow} and {@code fault}. */
    public static Listing readListing(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file (" + e.getMessage() + ")", e);
        }
        Listing listing = ScenarioJson.readListing(text, file.toString());
        Scenario checked = ScenarioCheck.check(listing.scenario(), ScenarioCheck.Where.file(file.toString()),
                file.toAbsolutePath().getParent());
        return new Listing(checked, listing.designRow(), listing.fault(), listing.alone());
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
     * {@code scenario.json} (a random schedule as drawn), if it has one; none for a random
     * schedule that was never drawn (the run failed before its faults started: only a comment
     * was recorded).
     */
    public static Optional<SchedulePlan> resolvedSchedule(Path scenarioJson) {
        String text;
        try {
            JsonNode schedule = JSON.readTree(Files.readString(scenarioJson)).path("resolved").path("schedule");
            if (!schedule.isTextual()) {
                return Optional.empty();
            }
            text = schedule.asText();
        } catch (IOException e) {
            throw new ScenarioException(scenarioJson + ": cannot read the recorded schedule (" + e.getMessage() + ")", e);
        }
        SchedulePlan played;
        try {
            played = SchedulePlan.parse(scenarioJson + " field 'resolved.schedule'", text);
        } catch (LockchaosException e) {
            throw new ScenarioException(e.getMessage(), e);
        }
        return played.isEmpty() && !text.isBlank() ? Optional.empty() : Optional.of(played);
    }

    /** The scenario as JSON, in the shape {@link #read} reads, plus {@code resolved} when not null. */
    public static String toJson(Scenario s, Map<String, String> resolved) {
        return ScenarioJson.write(s, resolved);
    }
}
