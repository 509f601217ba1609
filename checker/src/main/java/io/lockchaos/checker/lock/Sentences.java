package io.lockchaos.checker.lock;

import io.lockchaos.history.Op;
import java.util.Locale;

/** How the lock checks word their evidence: times, counts, tokens and lock names in sentences. */
final class Sentences {

    /** The lock of a history whose lock operations name none (Knossos's {@code :value nil}). */
    static final String UNNAMED = io.lockchaos.checker.model.Model.WHOLE;

    private Sentences() {
    }

    /** A time in seconds for sentences: {@code 14.2 s}, {@code 1.234 s}; "an unknown time" without one. */
    static String at(long nanos) {
        if (nanos == Op.NO_TIME || nanos == Long.MAX_VALUE) {
            return "an unknown time";
        }
        String s = String.format(Locale.ROOT, "%.3f", nanos / 1e9);
        s = s.replaceAll("0+$", "");
        return (s.endsWith(".") ? s + "0" : s) + " s";
    }

    /** A lock's name in a sentence: {@code job-0}, or "the lock" when the history names none. */
    static String display(String lock) {
        return lock.equals(UNNAMED) ? "the lock" : lock;
    }

    /** "1 lock", "3 locks": a count and a noun that takes an s. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "token 34", or "no token". */
    static String tokenText(Long token) {
        return token == null ? "no token" : "token " + token;
    }
}
