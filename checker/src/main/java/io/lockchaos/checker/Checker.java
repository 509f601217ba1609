package io.lockchaos.checker;

import io.lockchaos.history.History;

/**
 * Decides one property of a history. A checker never throws for a history it cannot
 * decide: it answers {@link Validity#UNKNOWN} with the reason.
 */
public interface Checker {

    /** The name under which the result appears in JSON. */
    String name();

    CheckResult check(History history, CheckOptions options);
}
