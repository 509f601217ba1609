package io.lockchaos.workloads.storage;

/**
 * The fenced store refused a request: its token is older than {@code highest}, the highest it
 * has processed for that key. The request certainly had no effect ({@code :fail
 * :stale-token}).
 */
public record StaleToken(long highest) implements ReadResult, AppendResult {
}
