package io.lockchaos.workloads.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.lock.FencedLock;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * {@code hazelcast-fenced}: the CP Subsystem's {@code FencedLock} through a Hazelcast 5.4 Java
 * client. An acquire is {@code tryLockAndGetFence(timeout)}: the fence when granted (a number
 * that grows with every new holder), {@code INVALID_FENCE} when the wait ran out. A release is
 * {@code unlock()}. The lock is bound to the client's CP session, which its session manager keeps
 * alive by heartbeats every {@link HazelcastMember#SESSION_HEARTBEAT}; with none for the session
 * TTL ({@link HazelcastMember#SESSION_TTL}, the members' setting, which {@code ttlMs} names) the
 * CP group closes the session and frees the lock for the next acquirer.
 *
 * <p>Outcomes: a call that throws (the CP group unreachable, an invocation timeout) may have been
 * applied, so it is unknown ({@code :info}, by throwing). An unlock answers false (certainly held
 * nothing) when the library says the lock is not held by this session and thread:
 * {@code IllegalMonitorStateException}, or its subclass {@code LockOwnershipLostException} when the
 * session was closed under the holder.
 *
 * <p>No loss notice: the client's session manager, on a heartbeat answered "session expired",
 * drops the session silently; the lock learns of it only at its next call (the unlock's
 * {@code LockOwnershipLostException}). So grants never say they were lost.
 *
 * <p>One client connection, through the first address that answers (Hazelcast's unisocket
 * client): the addresses are the ones the harness hands, proxied or not, and a smart client would
 * also dial every member at the address the cluster reports, around the proxy.
 */
public final class HazelcastFencedLock implements LockClient, FencingTokens {

    private final HazelcastInstance client;

    /**
     * @param nodes the members' client endpoints
     * @param ttl the CP session TTL the scenario names: must be {@link HazelcastMember#SESSION_TTL}
     * @param requestTimeout how long one call may take before it counts as unknown
     * @throws WorkloadException when {@code ttl} is not the members' session TTL
     */
    public HazelcastFencedLock(List<Address> nodes, Duration ttl, Duration requestTimeout) {
        if (!ttl.equals(HazelcastMember.SESSION_TTL)) {
            throw new WorkloadException("the hazelcast topology's CP sessions last "
                    + HazelcastMember.SESSION_TTL.toMillis() + " ms (a member setting): a TTL of " + ttl.toMillis()
                    + " ms cannot be granted; give ttlMs " + HazelcastMember.SESSION_TTL.toMillis());
        }
        ClientConfig config = new ClientConfig();
        config.setClusterName(HazelcastMember.CLUSTER);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.client.invocation.timeout.seconds",
                Long.toString(Math.max(1, requestTimeout.toSeconds())));
        config.getNetworkConfig().setSmartRouting(false);
        config.getNetworkConfig().setConnectionTimeout((int) requestTimeout.toMillis());
        nodes.forEach(a -> config.getNetworkConfig().addAddress(a.host() + ":" + a.port()));
        this.client = HazelcastClient.newHazelcastClient(config);
    }

    @Override
    public String backend() {
        return "hazelcast-fenced";
    }

    @Override
    public String tokenOrigin() {
        return "Hazelcast FencedLock fence";
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        long started = System.nanoTime();
        FencedLock fenced = client.getCPSubsystem().getLock(lock);
        long fence = fenced.tryLockAndGetFence(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (fence == FencedLock.INVALID_FENCE) {
            return Acquisition.refused("timeout");
        }
        return Acquisition.granted(new Grant(lock, OptionalLong.of(fence), Optional.empty(), started,
                GrantWatch.NEVER, () -> unlock(fenced)));
    }

    private static boolean unlock(FencedLock fenced) {
        try {
            fenced.unlock();
            return true;
        } catch (IllegalMonitorStateException e) {
            return false;
        }
    }


    @Override
    public void close() {
        client.shutdown();
    }
}
