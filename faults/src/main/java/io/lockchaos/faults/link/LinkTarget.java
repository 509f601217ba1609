package io.lockchaos.faults.link;

/**
 * Something with a proxy in front of it: its {@link #name()} is the proxy's name on the
 * Toxiproxy API. A cluster's {@code Node} is one (every server's proxy is named after it).
 */
@FunctionalInterface
public interface LinkTarget {

    /** The name of the proxy in front of this target. */
    String name();
}
