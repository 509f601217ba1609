package io.lockchaos.cluster;

import io.lockchaos.testkit.Await;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;

/** Curator clients on a cluster's ZooKeeper nodes, from the host. */
final class Zk {

    /** Session timeout the tests ask for; the ensemble caps it at 20 ticks (10 s). */
    static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);

    /** A Curator call, which declares {@code Exception}. */
    interface Call<T> {
        T on(CuratorFramework client) throws Exception;
    }

    private Zk() {
    }

    static String connectString(Cluster cluster) {
        return String.join(",", cluster.nodes(Role.ZK).stream().map(n -> n.host() + ":" + n.hostPort()).toList());
    }

    /** A started client that is connected. */
    static CuratorFramework connect(Cluster cluster) {
        CuratorFramework client = CuratorFrameworkFactory.newClient(connectString(cluster),
                (int) SESSION_TIMEOUT.toMillis(), 5_000, new RetryNTimes(40, 250));
        client.start();
        Duration limit = Await.scaled(Duration.ofSeconds(30));
        boolean connected = call(client, c -> c.blockUntilConnected((int) limit.toMillis(), TimeUnit.MILLISECONDS));
        if (!connected) {
            client.close();
            throw new AssertionError("Curator did not connect to " + connectString(cluster) + " within " + limit);
        }
        return client;
    }

    /** Runs {@code call}; any exception fails the test with the cause. */
    static <T> T call(CuratorFramework client, Call<T> call) {
        try {
            return call.on(client);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (Exception e) {
            throw new AssertionError("ZooKeeper call failed: " + e, e);
        }
    }
}
