package io.lockchaos.checker;

/**
 * A three-valued verdict. Verdicts merge by priority: invalid beats unknown beats valid,
 * so a check that could not finish never makes a whole result look valid.
 */
public enum Validity {
    VALID,
    UNKNOWN,
    INVALID;

    /** The verdict of two results taken together. */
    public Validity merge(Validity other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** The verdict as a word in text and files: {@code valid}, {@code unknown}, {@code invalid}. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** How the verdict appears in JSON: {@code true}, {@code false} or {@code "unknown"}. */
    public Object json() {
        return switch (this) {
            case VALID -> Boolean.TRUE;
            case INVALID -> Boolean.FALSE;
            case UNKNOWN -> "unknown";
        };
    }

    /** The process exit code the command line uses for this verdict: 0, 1 or 2. */
    public int exitCode() {
        return switch (this) {
            case VALID -> 0;
            case INVALID -> 1;
            case UNKNOWN -> 2;
        };
    }
}
