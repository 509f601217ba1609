package io.lockchaos.checker.lock;

import io.lockchaos.history.Process;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * How long a holder went on believing it held a lock after the lock had been granted to
 * another process: one pair of overlapping holds ({@link Hold}), measured where both ends are
 * certain. It starts at the successor's grant, the completion ({@code :ok}) of its acquire (the
 * grant happened at that moment or before), and ends where the holder certainly still believed
 * it held the lock: the invocation of its release, or, when it never released, its last
 * recorded event (the end of the history would be a guess: an indeterminate last operation
 * says only that it may have gone on). A holder whose library told it of the loss, and that
 * then read or wrote nothing more under the grant, stopped believing at the notice: its window
 * ends there (none at all when it was told before the successor's grant). A holder overtaken by
 * two successors has a window for each, each from that successor's grant.
 *
 * @param lock           the lock
 * @param holder         the earlier holder
 * @param holderToken    its grant's token; null without one
 * @param holderGranted  ns, the holder's own acquire {@code :ok}
 * @param successor      the process granted the lock inside the holder's belief
 * @param successorToken its grant's token; null without one
 * @param granted        ns, the successor's acquire {@code :ok}: where the window starts
 * @param end            ns, where it ends, as {@code bound} says; after {@code granted}
 * @param bound          what ends it
 * @param writes         the holder's appends to the lock's key invoked inside the window
 * @param noticeAt       ns, when the holder's library told it the grant was lost (after {@code end}
 *                       when it told only during or after the release); empty: never told
 */
public record UnsafeWindow(String lock, Process holder, Long holderToken, long holderGranted, Process successor,
                           Long successorToken, long granted, long end, Bound bound, Writes writes,
                           OptionalLong noticeAt) {

    /** What ends a window: the holder's release, or, when it never released, its last recorded event. */
    public enum Bound {
        /** The invocation of the holder's release. */
        RELEASED("released"),
        /** The holder never released: its last recorded event (or its next acquire of the lock, if sooner). */
        LAST_OP("last-op"),
        /** The holder's loss notice, after which it read and wrote nothing more under the grant. */
        TOLD("told");

        private final String word;

        Bound(String word) {
            this.word = word;
        }

        /** As results.json writes it: {@code released}, {@code last-op}. */
        public String word() {
            return word;
        }
    }

    /**
     * The holder's appends inside the window, by outcome.
     *
     * @param acknowledged {@code :ok}: the store took them
     * @param stale        {@code :fail :stale-token}: a fenced store refused them
     * @param unknown      {@code :info} or never completed: they may have been applied
     * @param failed       {@code :fail} for another reason: certainly not applied
     */
    public record Writes(int acknowledged, int stale, int unknown, int failed) {

        public static final Writes NONE = new Writes(0, 0, 0, 0);

        public int total() {
            return acknowledged + stale + unknown + failed;
        }
    }

    /** The window's length in ms. */
    public double millis() {
        return (end - granted) / 1e6;
    }

    /** The time from the successor's grant to the loss notice, in ms (negative: told before it); empty: never told. */
    public OptionalDouble noticeMillis() {
        return noticeAt.isPresent() ? OptionalDouble.of((noticeAt.getAsLong() - granted) / 1e6) : OptionalDouble.empty();
    }

    /** What {@link #sentence} says of a holder that was never told. */
    static final String NEVER_TOLD = "it was never told";

    /**
     * The window in words, with {@code name} naming processes ("process 3", "worker-1"):
     * "process 3 went on for 4.812 s after process 5 was granted job-0, to its release, with 1
     * write (1 refused as stale); it was never told."
     */
    public String sentence(Function<Process, String> name) {
        return sentence(name, NEVER_TOLD);
    }

    /** {@link #sentence(Function)}, with {@code neverTold} said of a holder that was never told. */
    public String sentence(Function<Process, String> name, String neverTold) {
        String writing = writes.total() == 0 ? "went on" : "kept writing";
        String told = noticeMillis().isEmpty() ? neverTold
                : noticeMillis().getAsDouble() < 0
                ? String.format(Locale.ROOT, "it was told %.3f s before that grant", -noticeMillis().getAsDouble() / 1e3)
                : noticeAt.getAsLong() > end
                ? String.format(Locale.ROOT, "it was told only %.3f s after that grant, %.3f s after it had stopped",
                        noticeMillis().getAsDouble() / 1e3, (noticeAt.getAsLong() - end) / 1e9)
                : String.format(Locale.ROOT, "it was told %.3f s after that grant", noticeMillis().getAsDouble() / 1e3);
        return String.format(Locale.ROOT, "%s %s for %.3f s after %s was granted %s (%s), %s%s; %s.",
                name.apply(holder), writing, millis() / 1e3, name.apply(successor), Sentences.display(lock),
                Sentences.tokenText(successorToken), until(),
                writesText(), told);
    }

    private String until() {
        return switch (bound) {
            case RELEASED -> "until its release";
            case LAST_OP -> "until its last event";
            case TOLD -> "until its library told it the lock was lost";
        };
    }

    private String writesText() {
        if (writes.total() == 0) {
            return ", with no write inside";
        }
        StringBuilder parts = new StringBuilder();
        appendPart(parts, writes.acknowledged(), "acknowledged");
        appendPart(parts, writes.stale(), "refused as stale");
        appendPart(parts, writes.unknown(), "of unknown outcome");
        appendPart(parts, writes.failed(), "failed");
        return ", with " + Sentences.count(writes.total(), "write") + " inside (" + parts + ")";
    }

    private static void appendPart(StringBuilder parts, int n, String what) {
        if (n > 0) {
            parts.append(parts.length() == 0 ? "" : ", ").append(n).append(' ').append(what);
        }
    }
}
