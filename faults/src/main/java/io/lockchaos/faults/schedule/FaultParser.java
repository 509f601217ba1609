package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the text form of one fault ({@code KIND TARGETS ARGS [for] [DURATION]}); the grammar
 * is in this package's documentation. The first word (or two) picks the {@link Form} of the
 * fault kind that reads the rest ({@link FaultKind#forms()}), through this class's public
 * reading methods; the optional duration and the end of the line are read here. Errors name the source and line.
 */
public final class FaultParser {

    /** A fault and, when the text gave one, how long it lasts. */
    public record Timed(FaultSpec fault, Optional<Duration> duration) {
    }

    private final String source;
    private final int line;
    private final String text;
    private final List<String> words;
    private int next;

    private FaultParser(String source, int line, String text) {
        this.source = source;
        this.line = line;
        this.text = text;
        this.words = Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    /** Parses one fault, e.g. {@code pause redis-1 5s}; {@code line} 0 when not from a file. */
    public static Timed parse(String source, int line, String text) {
        FaultParser parser = new FaultParser(source, line, text);
        try {
            return parser.fault();
        } catch (Durations.OutOfRange e) {
            throw parser.error(e.getMessage());
        }
    }

    /** Parses a fault given as command-line words. */
    public static Timed parse(List<String> words) {
        return parse("command line", 0, String.join(" ", words));
    }

    /**
     * One kind of fault line: its first word, or first two when kinds share the first, and how
     * the rest of the line reads (a fault kind's part of the grammar).
     */
    public record Form(String words, Function<FaultParser, FaultSpec> read) {
    }

    /** Every kind's forms, by their words, in {@link FaultKind}'s order (messages list them so). */
    private static Map<String, Function<FaultParser, FaultSpec>> forms() {
        Map<String, Function<FaultParser, FaultSpec>> forms = new LinkedHashMap<>();
        for (FaultKind kind : FaultKind.values()) {
            for (Form form : kind.forms()) {
                if (forms.put(form.words(), form.read()) != null) {
                    throw new IllegalStateException("two fault kinds read '" + form.words() + "'; " + kind
                            + "'s form must start with other words");
                }
            }
        }
        return Collections.unmodifiableMap(forms);
    }

    /** Built on first use: the kinds' forms, read once. */
    private static final class Forms {
        static final Map<String, Function<FaultParser, FaultSpec>> ALL = forms();
    }

    private Timed fault() {
        String first = word("a fault kind (" + String.join(", ", firstWords()) + ")").toLowerCase(Locale.ROOT);
        Function<FaultParser, FaultSpec> reader = null;
        if (next < words.size()) {
            reader = Forms.ALL.get(first + " " + words.get(next));
            next += reader == null ? 0 : 1;
        }
        if (reader == null) {
            reader = Forms.ALL.get(first);
        }
        if (reader == null) {
            throw error("unknown fault kind '" + first + "'");
        }
        FaultSpec spec = reader.apply(this);
        Optional<Duration> duration = duration();
        if (next < words.size()) {
            throw error("unexpected '" + words.get(next) + "' after the fault");
        }
        return new Timed(spec, duration);
    }

    private static List<String> firstWords() {
        return Forms.ALL.keySet().stream().map(w -> w.split(" ")[0]).distinct().toList();
    }

    /** The second words of the forms that start with {@code first}: {@code workers} for {@code partition}. */
    public static List<String> secondWords(String first) {
        return Forms.ALL.keySet().stream().filter(w -> w.startsWith(first + " "))
                .map(w -> w.substring(first.length() + 1)).toList();
    }

    /**
     * Whether a word other than a duration or {@code from} comes next (a target list, a
     * failover method).
     */
    public boolean wordFollows() {
        return next < words.size() && !words.get(next).equals("for") && !words.get(next).equals("from")
                && !Durations.isDuration(words.get(next));
    }

    /** Whether {@code word} comes next; if so it is read. */
    public boolean skip(String word) {
        if (next < words.size() && words.get(next).equals(word)) {
            next++;
            return true;
        }
        return false;
    }

    /** The target nodes, comma-separated: {@code redis-1,redis-2}. */
    public List<String> targets() {
        String list = word("the target nodes, comma-separated (e.g. redis-1,redis-2)");
        List<String> targets = new ArrayList<>();
        for (String name : list.split(",")) {
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
                throw error("'" + name + "' is not a node name");
            }
            targets.add(name);
        }
        return targets;
    }

    private Optional<Duration> duration() {
        if (skip("for")) {
            return Optional.of(duration("a duration after 'for'"));
        }
        if (next < words.size() && Durations.isDuration(words.get(next))) {
            return Optional.of(Durations.parse(words.get(next++)));
        }
        return Optional.empty();
    }

    /** A duration such as {@code 200ms}; {@code what} names it in the error. */
    public Duration duration(String what) {
        String w = word(what);
        Duration d = Durations.parse(w);
        if (d == null) {
            throw error("'" + w + "' is not " + what + " (a number with ms, s, m or h)");
        }
        return d;
    }

    /** A signed offset such as {@code +120s}, or empty when {@code word} is not one. */
    public static Optional<Duration> offset(String word) {
        return Optional.ofNullable(Durations.parseOffset(word));
    }

    /** A whole number; {@code what} names it in the error. */
    public long number(String what) {
        String w = word(what);
        try {
            return Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw error("'" + w + "' is not " + what);
        }
    }

    /** The next word; {@code expected} says what it should be when there is none. */
    public String word(String expected) {
        if (next >= words.size()) {
            throw error("expected " + expected);
        }
        return words.get(next++);
    }

    /** An error at this line, naming the source, the line and the grammar. */
    public FaultSyntaxException error(String problem) {
        return new FaultSyntaxException(source, line, text, problem);
    }
}
