package io.lockchaos.cluster;

import org.testcontainers.containers.GenericContainer;

/**
 * A node to start: its short name (host name on the cluster network), role, server port,
 * whether it persists, and its not yet started container.
 */
public record NodeSpec(String name, Role role, int port, boolean persistent, GenericContainer<?> container) {
}
