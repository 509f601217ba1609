package io.lockchaos.workloads.storage;

/**
 * The fenced store refused a request: its token is older than {@code highest}, the highest it
 * has processed for that key; from the {@code guarded} store, whose guard is the holder's lock
 * key rather than a mark, {@code highest} is etcd's revision when it refused. The request
 * certainly had no effect ({@code :fail :stale-token}).
 */
public record StaleToken(long highest) implements ReadResult, AppendResult {
}
