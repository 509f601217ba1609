package io.lockchaos.faults.schedule;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text form of durations in fault lines: {@code 500ms}, {@code 5s}, {@code 1.5s}, {@code 2m}. */
final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    /** The longest duration a fault, a step's time or an interval may have. */
    static final Duration MAX = Duration.ofDays(365);

    /** A word of the duration form whose value is longer than {@link #MAX}: said, never an overflow. */
    static final class OutOfRange extends IllegalArgumentException {
        OutOfRange(String word) {
            super("'" + word + "' is longer than any fault, step or interval may be (at most " + format(MAX) + ", 365 days)");
        }
    }

    /**
     * Parses a duration; null when the word is not one.
     *
     * @throws OutOfRange when it is one, longer than {@link #MAX}
     */
    static Duration parse(String word) {
        Matcher m = FORM.matcher(word);
        if (!m.matches()) {
            return null;
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        long unitMillis = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        BigDecimal millis = amount.multiply(BigDecimal.valueOf(unitMillis));
        if (millis.compareTo(BigDecimal.valueOf(MAX.toMillis())) > 0) {
            throw new OutOfRange(word);
        }
        return Duration.ofMillis(millis.longValue());
    }

    static boolean isDuration(String word) {
        return parse(word) != null;
    }

    /** The shortest exact text form: whole seconds as {@code 12s}, else milliseconds. */
    static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }

    /** A signed offset such as {@code +120s} or {@code -5s}; null when the word is not one. */
    static Duration parseOffset(String word) {
        if (word.length() < 2 || (word.charAt(0) != '+' && word.charAt(0) != '-')) {
            return null;
        }
        Duration magnitude = parse(word.substring(1));
        if (magnitude == null) {
            return null;
        }
        return word.charAt(0) == '-' ? magnitude.negated() : magnitude;
    }

    static String formatOffset(Duration d) {
        return (d.isNegative() ? "-" : "+") + format(d.abs());
    }
}
