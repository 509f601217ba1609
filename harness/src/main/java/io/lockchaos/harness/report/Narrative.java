package io.lockchaos.harness.report;

import io.lockchaos.checker.lock.UnsafeWindow;
import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.ops.LockOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The report's "What happened": for each lane, the story of its worst unsafe window told from
 * the evidence in the history, one step a line, on the report's time base (seconds from the
 * run's start): the holder's grant, the faults that hit it (or any fault in force) before its
 * successor's grant, that grant, each read and write the holder made inside the window with
 * its outcome, its release, and the window in a sentence (its length, whether its library told
 * it). Last, whether the window began after every fault had healed: then the lock let a second
 * holder in with no fault in force, which is the lock's own flaw, not a lease that a pause
 * outlasted.
 */
final class Narrative {

    /**
     * One lane's story.
     *
     * @param lane the lane
     * @param steps the steps in time order; one sentence saying there was no window when none
     * @param afterHeal whether the window began after every fault had healed (false without a window)
     */
    record Story(String lane, List<String> steps, boolean afterHeal) {
    }

    private final History history;
    private final Layout layout;
    private final List<Timeline.Band> bands;
    private final UnsafeWindows windows;

    private Narrative(History history, Layout layout, List<Timeline.Band> bands, UnsafeWindows windows) {
        this.history = history;
        this.layout = layout;
        this.bands = bands;
        this.windows = windows;
    }

    /** Each lane's story, in the layout's lane order. */
    static List<Story> of(History history, Layout layout, List<Timeline.Band> bands, UnsafeWindows windows) {
        Narrative n = new Narrative(history, layout, bands, windows);
        return layout.lanes().stream().map(n::story).toList();
    }

    private Story story(String lane) {
        Optional<UnsafeWindow> worst = windows.where(w -> laneOf(w.holder()).equals(lane)).worst();
        if (worst.isEmpty()) {
            return new Story(lane, List.of("No holder went on after the lock had been granted to another process:"
                    + " no unsafe window in this lane."), false);
        }
        UnsafeWindow w = worst.get();
        List<String> steps = new ArrayList<>();
        String holder = layout.nameOf(w.holder());
        steps.add(at(w.holderGranted()) + holder + " was granted " + w.lock() + tokenText(w.holderToken()) + ".");
        for (Timeline.Band b : bands) {
            if (b.start() < w.granted() && b.end() > w.holderGranted()) {
                steps.add(at(b.start()) + (hits(b, w.holder()) ? "the fault that hit it began: " : "a fault began: ")
                        + b.label() + "; it ended at " + seconds(b.end()) + " s" + endedBy(b) + ".");
            }
        }
        steps.add(at(w.granted()) + layout.nameOf(w.successor()) + " was granted " + w.lock()
                + tokenText(w.successorToken()) + ": from here two processes believed they held it.");
        for (Operation op : history.clientOperations()) {
            if (op.process().equals(w.holder()) && op.invokeTime() >= w.granted() && op.invokeTime() <= w.end()
                    && (op.f().equals(LockOps.APPEND) || op.f().equals(LockOps.READ) || op.f().equals(LockOps.RELEASE))
                    && LockOps.lockOrKey(op.input()).map(w.lock()::equals).orElse(false)) {
                steps.add(at(op.invokeTime()) + holder + " " + what(op) + ".");
            }
        }
        steps.add(windows.sentence(w, layout::nameOf));
        boolean afterHeal = !bands.isEmpty() && bands.stream().allMatch(b -> b.end() <= w.granted());
        if (afterHeal) {
            steps.add("Every fault had healed before this window began (the last at "
                    + seconds(bands.stream().mapToLong(Timeline.Band::end).max().orElseThrow())
                    + " s): the lock let a second holder in with no fault in force.");
        } else if (bands.isEmpty()) {
            steps.add("No fault was injected in this run: the lock let a second holder in by itself.");
        }
        return new Story(lane, steps, afterHeal || bands.isEmpty());
    }

    /** What the holder's operation did, with its outcome. */
    private static String what(Operation op) {
        String done = op.completed().isEmpty() ? " and never heard back" : switch (op.type()) {
            case OK -> op.f().equals(LockOps.APPEND) ? ": accepted" : "";
            case FAIL -> LockOps.isStaleToken(op.completion().error()) ? ": refused as stale by the fenced store"
                    : ": refused (" + op.completion().error() + ")";
            default -> ": outcome unknown (" + op.completion().error() + ")";
        };
        String at = op.completed().isPresent() ? " (answered at " + seconds(op.completeTime()) + " s)" : "";
        return switch (op.f()) {
            case LockOps.APPEND -> "appended " + LockOps.Field.ID.string(op.input()).orElse("an entry")
                    + tokenText(LockOps.token(op.input()).orElse(null)) + done + at;
            case LockOps.READ -> "read the ledger" + tokenText(LockOps.token(op.input()).orElse(null)) + done + at;
            default -> "released the lock" + (op.type() == io.lockchaos.history.OpType.FAIL
                    && LockOps.NOT_HELD.equals(op.completion().error()) ? ": not held any more" : done) + at;
        };
    }

    /** Whether {@code band}'s targets name {@code holder}'s worker. */
    private boolean hits(Timeline.Band band, Process holder) {
        String worker = layout.rows().get(layout.rowOf(holder)).label();
        return Pattern.compile("(^|[ ,])" + Pattern.quote(worker) + "([ ,]|$)").matcher(band.label()).find();
    }

    private String laneOf(Process p) {
        return layout.rows().get(layout.rowOf(p)).lane();
    }

    private static String endedBy(Timeline.Band b) {
        return b.endedBy().startsWith("stop-") ? "" : " (" + b.endedBy() + ")";
    }

    private static String tokenText(Long token) {
        return token == null ? "" : " with token " + token;
    }

    private static String at(long nanos) {
        return "At " + seconds(nanos) + " s ";
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }
}
