package io.lockchaos.workloads.zk;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LossDetection;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.data.Stat;

/**
 * Curator's {@code InterProcessMutex} under {@code <root>/<lock>}; the token is the lock node's
 * {@code czxid} (see the package documentation for why). A plain grant lasts until released
 * or until the session expires, and the client never learns of the latter in time to stop: a
 * worker paused past the session timeout acts on a lock it lost. Curator does tell, when the
 * connection goes SUSPENDED or LOST, and both variants pass that on to the grant's
 * {@link io.lockchaos.workloads.lock.LossListener}s (the worker records it as a loss notice); the
 * plain one goes on regardless, as a user who does not listen would. The cautious variant
 * ({@code curator-cautious}, a {@link Cautious}) marks every grant it holds lost the moment
 * Curator reports the connection SUSPENDED or LOST, and never trusts that grant again, and tells
 * the grant's {@link io.lockchaos.workloads.lock.LossListener}s then, on Curator's event thread
 * ({@code suspended} or {@code lost}); only it has the {@link LossDetection} capability.
 */
public sealed class CuratorLock implements LockClient, FencingTokens permits CuratorLock.Cautious {

    private final CuratorFramework client;
    private final String root;
    private final boolean cautious;
    private final Map<String, LockNodeMutex> mutexes = new HashMap<>();
    private final Set<LossFlag> held = ConcurrentHashMap.newKeySet();

    /** {@code curator}, or {@code curator-cautious} (a {@link Cautious}) when {@code cautious}. */
    public static CuratorLock open(List<Address> ensemble, Duration sessionTimeout, String root, boolean cautious) {
        return cautious ? new Cautious(ensemble, sessionTimeout, root) : new CuratorLock(ensemble, sessionTimeout, root, false);
    }

    private CuratorLock(List<Address> ensemble, Duration sessionTimeout, String root, boolean cautious) {
        this.client = Curators.connect(ensemble, sessionTimeout);
        this.root = root;
        this.cautious = cautious;
        client.getConnectionStateListenable().addListener((c, state) -> {
            if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
                String reason = state.name().toLowerCase(Locale.ROOT);
                held.forEach(flag -> flag.lose(reason));
            }
        });
    }

    @Override
    public String backend() {
        return cautious ? "curator-cautious" : "curator";
    }

    @Override
    public String tokenOrigin() {
        return "zk czxid";
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        LockNodeMutex mutex = mutexes.computeIfAbsent(lock, name -> new LockNodeMutex(client, root + "/" + name));
        LossFlag lost = new LossFlag(cautious);
        held.add(lost);
        boolean granted;
        try {
            granted = mutex.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            held.remove(lost);
            throw ZooKeeperException.of("acquiring " + lock, e);
        }
        if (!granted) {
            held.remove(lost);
            return Acquisition.refused("timeout");
        }
        long acquiredAt = System.nanoTime();
        long token = czxid(mutex, lock);
        return Acquisition.granted(new Grant(lock, OptionalLong.of(token), Optional.empty(), acquiredAt, lost,
                () -> releaseMutex(mutex, lock, lost)));
    }

    private long czxid(LockNodeMutex mutex, String lock) {
        String node = mutex.lockNode();
        Stat stat;
        try {
            stat = node == null ? null : client.checkExists().forPath(node);
        } catch (Exception e) {
            ZooKeeperException failure = ZooKeeperException.of("reading the czxid of " + node, e);
            releaseAfter(failure, mutex, lock);
            throw failure;
        }
        if (stat == null) {
            ZooKeeperException failure = new ZooKeeperException("the lock node " + node + " of '" + lock
                    + "' vanished right after the grant (session expired?)", null);
            releaseAfter(failure, mutex, lock);
            throw failure;
        }
        return stat.getCzxid();
    }

    private void releaseAfter(ZooKeeperException failure, LockNodeMutex mutex, String lock) {
        try {
            releaseMutex(mutex, lock, new LossFlag(cautious));
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** Releases; the grant stays watched until the release is over, so a loss told meanwhile is told. */
    private boolean releaseMutex(LockNodeMutex mutex, String lock, LossFlag lost) {
        try {
            mutex.release();
            return true;
        } catch (Exception e) {
            throw ZooKeeperException.of("releasing " + lock, e);
        } finally {
            held.remove(lost);
        }
    }


    @Override
    public void close() {
        client.close();
    }

    /** {@code curator-cautious}: the Curator lock that learns a grant is lost. */
    public static final class Cautious extends CuratorLock implements LossDetection {

        private Cautious(List<Address> ensemble, Duration sessionTimeout, String root) {
            super(ensemble, sessionTimeout, root, true);
        }

        @Override
        public String lossSignal() {
            return "connection SUSPENDED or LOST";
        }
    }
}
