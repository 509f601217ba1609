package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What a schedule field says: a scripted {@link Schedule}, or one line
 * {@code random every INTERVAL [KIND,...]} that becomes a {@link RandomSchedule}, or
 * {@code random around NAME=LENGTH,... [KIND,...]} that becomes a {@link TimedSchedule}, once the
 * cluster's {@link FaultMenu} is known. Either way {@link #resolve} gives the schedule to play,
 * whose {@link Schedule#script()} is what a replay runs again.
 */
public sealed interface SchedulePlan {

    /** The schedule to play over a run of {@code length}, drawing from {@code menu}. */
    Schedule resolve(long seed, Duration length, FaultMenu menu);

    /** The {@code random} line that {@link #parse} reads back into this plan; empty for a script. */
    Optional<String> randomLine();

    /** No faults: the plan of an empty schedule field. */
    static SchedulePlan none() {
        return new Scripted(Schedule.empty());
    }

    /** The text {@link #parse} reads back into this plan: the script, a line per step, or the random line. */
    default String text() {
        return randomLine().map(line -> line + "\n").orElseGet(() -> ((Scripted) this).schedule().script());
    }

    /** {@link #text()} on one line, steps separated by {@code "; "}, as {@link #parseLine} reads it; empty for none. */
    default String oneLine() {
        return randomLine().orElseGet(() -> ((Scripted) this).schedule().oneLine());
    }

    /** Whether this plan plays no fault at all. */
    default boolean isEmpty() {
        return this instanceof Scripted s && s.schedule().steps().isEmpty();
    }

    /** A script, played as written. */
    record Scripted(Schedule schedule) implements SchedulePlan {
        @Override
        public Schedule resolve(long seed, Duration length, FaultMenu menu) {
            return schedule;
        }

        @Override
        public Optional<String> randomLine() {
            return Optional.empty();
        }
    }

    /**
     * A fault every {@code interval}, drawn from the menu's {@code kinds}.
     *
     * @param kinds the kinds to draw from; every kind the menu offers when it holds every drawn kind
     */
    record Random(Duration interval, Set<FaultKind> kinds) implements SchedulePlan {
        public Random {
            kinds = Set.copyOf(kinds);
        }

        @Override
        public Schedule resolve(long seed, Duration length, FaultMenu menu) {
            return RandomSchedule.generate(seed, length, interval, menu.only(kinds));
        }

        /**
         * The plan of a fault every {@code interval} ({@code 5s}) drawn from the kinds named
         * {@code kindWords} (every drawable kind when none is named).
         *
         * @throws RuntimeException made by {@code error} from what is wrong with either
         */
        public static Random read(String interval, List<String> kindWords, Function<String, RuntimeException> error) {
            Duration every;
            try {
                every = Durations.parse(interval);
            } catch (Durations.OutOfRange e) {
                throw error.apply("the interval " + e.getMessage());
            }
            if (every == null || every.isZero() || every.isNegative()) {
                throw error.apply("'" + interval + "' is not a positive interval such as 5s or 1500ms");
            }
            return new Random(every, readKinds(kindWords, error));
        }

        /** The line that {@link SchedulePlan#parse} reads back into this plan. */
        public String line() {
            return "random every " + Durations.format(interval) + named(kinds);
        }

        @Override
        public Optional<String> randomLine() {
            return Optional.of(line());
        }
    }

    /**
     * Faults one after another, each lasting around one of the lock's {@code scales}
     * ({@link TimedSchedule}), drawn from the menu's {@code kinds}.
     *
     * @param scales the lock's timescales, not empty
     * @param kinds the kinds to draw from; every kind the menu offers when it holds every drawn kind
     */
    record Timed(List<Timescale> scales, Set<FaultKind> kinds) implements SchedulePlan {

        /**
         * The plan of faults around {@code scales} drawn from the kinds named {@code kindWords}
         * (every drawable kind when none is named).
         *
         * @throws RuntimeException made by {@code error} from a word that names no drawn kind
         */
        public static Timed read(List<Timescale> scales, List<String> kindWords,
                                 Function<String, RuntimeException> error) {
            return new Timed(scales, readKinds(kindWords, error));
        }

        public Timed {
            scales = List.copyOf(scales);
            kinds = Set.copyOf(kinds);
            if (scales.isEmpty()) {
                throw new IllegalArgumentException("a timed plan needs at least one timescale");
            }
        }

        @Override
        public Schedule resolve(long seed, Duration length, FaultMenu menu) {
            return TimedSchedule.generate(seed, length, scales, menu.only(kinds));
        }

        /** The line that {@link SchedulePlan#parse} reads back into this plan. */
        public String line() {
            return "random around " + String.join(",", scales.stream().map(Timescale::word).toList()) + named(kinds);
        }

        @Override
        public Optional<String> randomLine() {
            return Optional.of(line());
        }
    }

    /**
     * The kinds named {@code kindWords} ({@code pause}, {@code clock}); every drawable kind when none is named.
     *
     * @throws RuntimeException made by {@code error} from a word that names no drawn kind
     */
    static Set<FaultKind> readKinds(List<String> kindWords, Function<String, RuntimeException> error) {
        if (kindWords.isEmpty()) {
            return EnumSet.copyOf(FaultKind.drawable());
        }
        Set<FaultKind> kinds = EnumSet.noneOf(FaultKind.class);
        for (String word : kindWords) {
            kinds.add(FaultKind.of(word).orElseThrow(() -> error.apply(
                    "'" + word + "' is not a kind of fault; kinds: " + FaultKind.words())));
        }
        return kinds;
    }

    /** {@code " pause,clock"}, or nothing when {@code kinds} holds every drawn kind. */
    private static String named(Set<FaultKind> kinds) {
        return kinds.containsAll(FaultKind.drawable()) ? ""
                : " " + String.join(",", EnumSet.copyOf(kinds).stream().map(FaultKind::word).toList());
    }


    /**
     * Reads a schedule field: a script in {@link Schedule#parse}'s grammar, or a single
     * {@code random every 5s [pause,clock]} line (blank lines and {@code #} comments aside).
     *
     * @throws FaultSyntaxException naming {@code source} and the line
     */
    static SchedulePlan parse(String source, String text) {
        return parseLines(source, text);
    }

    /**
     * Reads a schedule given on one line, steps separated by {@code ;} (a command-line option,
     * {@link #oneLine()}'s form), as {@link #parse} reads it with a step per line.
     *
     * @throws FaultSyntaxException naming {@code source} and the step
     */
    static SchedulePlan parseLine(String source, String text) {
        return parseLines(source, text.replaceAll(";\\s*", "\n"));
    }

    private static SchedulePlan parseLines(String source, String text) {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String content = Schedule.content(lines[i]);
            if (content.startsWith("random")) {
                if (!onlyLine(lines, i)) {
                    throw new FaultSyntaxException(source, i + 1, content,
                            "a 'random' line must be the only step of the schedule");
                }
                return random(source, i + 1, content);
            }
        }
        return new Scripted(Schedule.parse(source, text));
    }

    private static boolean onlyLine(String[] lines, int index) {
        for (int i = 0; i < lines.length; i++) {
            if (i != index && !Schedule.content(lines[i]).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static SchedulePlan random(String source, int line, String content) {
        String[] words = content.split("\\s+");
        if (words.length < 3 || words.length > 4 || !(words[1].equals("every") || words[1].equals("around"))) {
            throw new FaultSyntaxException(source, line, content,
                    "a random schedule reads 'random every INTERVAL [KIND,...]' or 'random around NAME=LENGTH,..."
                            + " [KIND,...]' with kinds from: " + FaultKind.words());
        }
        Function<String, RuntimeException> error = problem -> new FaultSyntaxException(source, line, content, problem);
        List<String> kindWords = words.length == 3 ? List.of() : List.of(words[3].split(","));
        if (words[1].equals("every")) {
            return Random.read(words[2], kindWords, error);
        }
        List<Timescale> scales = new ArrayList<>();
        for (String word : words[2].split(",")) {
            scales.add(timescale(word, error));
        }
        return new Timed(scales, readKinds(kindWords, error));
    }

    /** {@code ttl=10s}. */
    private static Timescale timescale(String word, Function<String, RuntimeException> error) {
        int eq = word.indexOf('=');
        String problem = "'" + word + "' is not a timescale such as ttl=10s (a name of letters, digits and dashes,"
                + " '=', a positive duration)";
        if (eq <= 0) {
            throw error.apply(problem);
        }
        Duration length;
        try {
            length = Durations.parse(word.substring(eq + 1));
        } catch (Durations.OutOfRange e) {
            throw error.apply("the timescale " + e.getMessage());
        }
        try {
            return new Timescale(word.substring(0, eq), length == null ? Duration.ZERO : length);
        } catch (IllegalArgumentException e) {
            throw error.apply(problem);
        }
    }
}
