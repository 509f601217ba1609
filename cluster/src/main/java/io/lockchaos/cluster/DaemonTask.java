package io.lockchaos.cluster;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A task on a daemon thread of its own, named for what it does (a cluster's start alongside its
 * nodes, a removal in the background while the checks run): mostly waiting on the engine, so
 * it gets a thread rather than a slot in a pool sized to the cores.
 */
public final class DaemonTask {

    private DaemonTask() {
    }

    /** Starts {@code task} on a daemon thread named {@code name}. */
    public static CompletableFuture<Void> start(String name, Runnable task) {
        return CompletableFuture.runAsync(task, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            t.start();
        });
    }

    /** Waits for {@code task}; what it threw is thrown on as it was, not wrapped. */
    public static <T> T join(CompletableFuture<T> task) {
        try {
            return task.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
