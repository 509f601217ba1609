package io.lockchaos.workloads.zk;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.TokenSource;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;

/**
 * Tokens from ZooKeeper for locks without their own ({@code tokens=zk}): each token is the
 * {@code czxid} of a fresh ephemeral sequential node under {@code <root>/<lock>}, deleted again
 * in the background. Zxids are assigned by the leader in a linearizable order, so a token
 * asked for later is larger, whatever the lock service did.
 */
public final class ZkTokens implements TokenSource {

    private final CuratorFramework client;
    private final String root;

    public ZkTokens(List<Address> ensemble, Duration sessionTimeout, String root) {
        this.client = Curators.connect(ensemble, sessionTimeout);
        this.root = root;
    }

    @Override
    public String name() {
        return "zk";
    }

    @Override
    public long next(String lock) {
        Stat stat = new Stat();
        try {
            String path = client.create().storingStatIn(stat).creatingParentContainersIfNeeded()
                    .withMode(CreateMode.EPHEMERAL_SEQUENTIAL).forPath(root + "/" + lock + "/t-");
            client.delete().inBackground().forPath(path);
        } catch (Exception e) {
            throw ZooKeeperException.of("taking a token for " + lock + " under " + root, e);
        }
        return stat.getCzxid();
    }

    @Override
    public void close() {
        client.close();
    }
}
