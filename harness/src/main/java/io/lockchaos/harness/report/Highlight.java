package io.lockchaos.harness.report;

/**
 * Where a piece of evidence points on the timeline: a hold or a moment of a client process.
 * Evidence that names neither (a linearizability counterexample, a reason for unknown) has
 * no highlight; its sentence is still shown.
 */
public sealed interface Highlight {

    /** The client process concerned. */
    int process();

    /**
     * The hold of {@code process} on {@code lock} that began at {@code start} (ns).
     */
    record HoldAt(int process, String lock, long start) implements Highlight {
    }

    /**
     * A moment (ns) of {@code process}, such as a lost update's append.
     *
     * @param what a few words for the mark's tooltip
     */
    record PointAt(int process, long time, String what) implements Highlight {
    }
}
