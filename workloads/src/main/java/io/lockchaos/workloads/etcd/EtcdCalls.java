package io.lockchaos.workloads.etcd;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for one jetcd request, at most a given time; every failure is an {@link EtcdCallException}. */
final class EtcdCalls {

    private EtcdCalls() {
    }

    /**
     * The request's answer.
     *
     * @throws EtcdCallException when it failed, or did not answer within {@code timeout} (then
     *     cancelled; etcd may still carry it out)
     */
    static <T> T await(CompletableFuture<T> request, Duration timeout) {
        try {
            return request.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            request.cancel(true);
            throw new EtcdCallException("etcd did not answer within " + timeout.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new EtcdCallException("etcd request failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EtcdCallException("interrupted while waiting for etcd", e);
        }
    }
}
