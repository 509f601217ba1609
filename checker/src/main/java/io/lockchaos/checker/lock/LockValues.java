package io.lockchaos.checker.lock;

import io.lockchaos.history.Op;
import io.lockchaos.history.Value;
import java.util.Locale;
import java.util.Optional;

/** How the lock workload's operation values read: the field names of docs/design.md, in one place. */
final class LockValues {

    static final String ACQUIRE = "acquire";
    static final String RELEASE = "release";
    static final String READ = "read";
    static final String APPEND = "append";
    static final String READ_ALL = "read-all";

    /** The lock of a history whose lock operations name none (Knossos's {@code :value nil}). */
    static final String UNNAMED = io.lockchaos.checker.model.Model.WHOLE;

    private LockValues() {
    }

    /** The lock an acquire or release names, or the key a storage operation names. */
    static Optional<String> lockOrKey(Value value) {
        Optional<String> lock = value.getString("lock");
        return lock.isPresent() ? lock : value.getString("key");
    }

    /** The fencing token, boxed for evidence records (null: the operation carried none). */
    static Long token(Value value) {
        return value.getLong("token").orElse(null);
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

    /** Whether an error is the fenced store's refusal, {@code :stale-token}. */
    static boolean isStaleToken(Value error) {
        return (error instanceof Value.Kw k && k.name().equals("stale-token"))
                || (error instanceof Value.Str s && s.value().equals("stale-token"));
    }

    /** "token 34", or "no token". */
    static String tokenText(Long token) {
        return token == null ? "no token" : "token " + token;
    }
}
