package io.lockchaos.workloads.lock;

/** A capability: every grant this client gives carries a fencing token. */
public interface FencingTokens {

    /** Where the tokens come from, for reports: {@code zk czxid}, {@code redis INCR}, ... */
    String tokenOrigin();
}
