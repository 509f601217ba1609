package io.lockchaos.workloads.etcd;

import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.grpc.stub.StreamObserver;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LossListener;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What jetcd's keep-alive says about one grant's lease. Its observer learns of a loss by
 * {@code onError} (the keep-alive stream broke, or etcd answered that the lease is not found) or
 * by {@code onCompleted} (jetcd's own deadline: no keep-alive answer within the TTL); the first
 * of these is told once, with {@code keep-alive-error} or {@code keep-alive-deadline}.
 *
 * <p>The holder does not heed it: {@link #definitelyLost()} stays false, so the worker keeps
 * going (what a jetcd user who only logs the keep-alive's errors does); the notice only marks
 * when the client learned.
 */
final class LeaseWatch implements GrantWatch {

    private final AtomicReference<String> lost = new AtomicReference<>();
    private final AtomicReference<LossListener> listener = new AtomicReference<>();

    @Override
    public boolean definitelyLost() {
        return false;
    }

    @Override
    public void whenLost(LossListener l) {
        listener.set(l);
        String reason = lost.get();
        if (reason != null && listener.compareAndSet(l, null)) {
            l.lost(reason);
        }
    }

    /** The observer to hand to {@code Lease.keepAlive}. */
    StreamObserver<LeaseKeepAliveResponse> observer() {
        return new StreamObserver<>() {
            @Override
            public void onNext(LeaseKeepAliveResponse value) {
                // Renewed: nothing to tell.
            }

            @Override
            public void onError(Throwable t) {
                lose("keep-alive-error");
            }

            @Override
            public void onCompleted() {
                lose("keep-alive-deadline");
            }
        };
    }

    private void lose(String reason) {
        if (!lost.compareAndSet(null, reason)) {
            return;
        }
        LossListener l = listener.getAndSet(null);
        if (l != null) {
            l.lost(reason);
        }
    }
}
