package io.lockchaos.workloads.etcd;

import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import io.lockchaos.workloads.WorkloadException;
import java.util.concurrent.TimeoutException;

/** An etcd request that failed or did not answer in time; its outcome is unknown unless said otherwise. */
final class EtcdCallException extends WorkloadException {

    EtcdCallException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Whether the request did not answer within its time (rather than failing). */
    boolean timedOut() {
        return getCause() instanceof TimeoutException;
    }

    /**
     * Whether etcd answered that the lease does not exist ({@code etcdserver: requested lease not
     * found}, gRPC NOT_FOUND): it expired or was revoked, and every key on it is gone.
     */
    boolean leaseNotFound() {
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof EtcdException e && e.getErrorCode() == ErrorCode.NOT_FOUND) {
                return true;
            }
            if (String.valueOf(t.getMessage()).contains("requested lease not found")) {
                return true;
            }
        }
        return getCause() != null && Status.fromThrowable(getCause()).getCode() == Status.Code.NOT_FOUND;
    }
}
