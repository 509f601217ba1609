package io.lockchaos.checker;

/**
 * One piece of evidence behind a verdict: an anomaly, a counterexample, or the reason a
 * check could not decide. Implementations are records, so they serialize to JSON field by
 * field; {@link #explanation()} is the sentence a person reads.
 */
public interface Evidence {

    /** One or two sentences that name the processes, tokens, times and entries involved. */
    String explanation();

    /** The evidence as text for a terminal, possibly several lines; the explanation by default. */
    default String render() {
        return explanation();
    }
}
