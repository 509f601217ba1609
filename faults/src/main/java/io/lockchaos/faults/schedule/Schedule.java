package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A timeline of faults, in start order. After the last step the run heals everything
 * (the final heal is not a step: every run has it).
 */
public record Schedule(List<ScheduledFault> steps) {

    public Schedule {
        List<ScheduledFault> sorted = new ArrayList<>(steps);
        sorted.sort(Comparator.comparing(ScheduledFault::at));
        steps = List.copyOf(sorted);
    }

    public static Schedule empty() {
        return new Schedule(List.of());
    }

    /**
     * Parses a scripted schedule: one step a line ({@code at 5s pause worker-2 for 12s}),
     * blank lines and {@code #} comments ignored. Errors name {@code source} and the line.
     */
    public static Schedule parse(String source, String text) {
        List<ScheduledFault> steps = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String content = content(lines[i]);
            if (content.isEmpty()) {
                continue;
            }
            steps.add(step(source, i + 1, content));
        }
        return new Schedule(steps);
    }

    /** A schedule line without its {@code #} comment and surrounding blanks. */
    static String content(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    private static ScheduledFault step(String source, int line, String content) {
        String[] words = content.split("\\s+", 3);
        if (!words[0].equals("at") || words.length < 3) {
            throw new FaultSyntaxException(source, line, content,
                    "a step reads 'at TIME FAULT [for DURATION]'");
        }
        Duration at;
        try {
            at = Durations.parse(words[1]);
        } catch (Durations.OutOfRange e) {
            throw new FaultSyntaxException(source, line, content, "the step's time " + e.getMessage());
        }
        if (at == null) {
            throw new FaultSyntaxException(source, line, content,
                    "'" + words[1] + "' is not a time such as 5s or 1500ms");
        }
        FaultParser.Timed fault = FaultParser.parse(source, line, words[2]);
        return new ScheduledFault(at, fault.fault(), fault.duration());
    }

    /** The script that {@link #parse} reads back into this schedule. */
    public String script() {
        StringBuilder out = new StringBuilder();
        for (ScheduledFault step : steps) {
            out.append(step.script()).append('\n');
        }
        return out.toString();
    }

    /** {@link #script()} on one line, steps separated by {@code "; "} (as {@link SchedulePlan#parseLine} reads it). */
    public String oneLine() {
        return script().strip().replace("\n", "; ");
    }

    /** When the last fault ends (its start when it lasts until the final heal). */
    public Duration end() {
        Duration end = Duration.ZERO;
        for (ScheduledFault step : steps) {
            Duration stepEnd = step.at().plus(step.duration().orElse(Duration.ZERO));
            if (stepEnd.compareTo(end) > 0) {
                end = stepEnd;
            }
        }
        return end;
    }
}
