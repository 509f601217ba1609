package io.lockchaos.workloads.zk;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.BoundedExponentialBackoffRetry;

/** Starts Curator clients on an ensemble. */
final class Curators {

    private Curators() {
    }

    /**
     * A started, connected client. The connection timeout is a third of the session timeout
     * (at most 15 s), so Curator reports SUSPENDED well before the session can expire.
     *
     * @throws WorkloadException when it does not connect in time
     */
    static CuratorFramework connect(List<Address> ensemble, Duration sessionTimeout) {
        String connect = ensemble.stream().map(Address::toString).collect(Collectors.joining(","));
        int session = (int) sessionTimeout.toMillis();
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(connect)
                .sessionTimeoutMs(session)
                .connectionTimeoutMs(Math.min(15_000, Math.max(1_000, session / 3)))
                .retryPolicy(new BoundedExponentialBackoffRetry(100, 1_000, 5))
                .build();
        client.start();
        boolean connected;
        try {
            connected = client.blockUntilConnected(Math.max(10_000, session * 2), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            connected = false;
        }
        if (!connected) {
            client.close();
            throw new WorkloadException("no connection to ZooKeeper " + connect + " within "
                    + Math.max(10_000, session * 2) + " ms; check the addresses and that a quorum is up");
        }
        return client;
    }
}
