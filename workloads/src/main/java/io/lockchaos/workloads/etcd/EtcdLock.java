package io.lockchaos.workloads.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.lock.LockResponse;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockKey;
import io.lockchaos.workloads.lock.LockClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * {@code etcd}: jetcd's Lock API (etcd's v3lock service) on a lease of the scenario's TTL, kept
 * alive by jetcd's keep-alive. An acquire grants a lease, starts its keep-alive, and calls
 * {@code Lock.lock(name, lease)}: etcd puts the key {@code name/<lease-hex>} with that lease and
 * answers once every key of the name created before it is gone. The fencing token is that key's
 * create revision, read back after the grant (a later holder's key is created later, so its
 * revision is larger); the grant carries the key and that revision ({@link LockKey}) for the
 * {@code guarded} store ({@link GuardedEtcdStorage}). A release is {@code Lock.unlock(key)}, then a revoke of the lease.
 *
 * <p>Outcomes: a lease grant that fails holds nothing ({@code :fail}). A lock call that fails or
 * times out may still be granted later, so the lease is revoked, which deletes any key on it:
 * with the revoke acknowledged nothing is held ({@code :fail}), else the outcome is unknown
 * ({@code :info}, by throwing). A granted key found gone when its revision is read back (the lease
 * ran out in between) is unknown too. A release answers false (certainly held nothing) only when
 * the revoke says the lease was not found: it had expired, and its key with it.
 *
 * <p>The keep-alive is the library's loss notice: its observer hears {@code onError} (the stream
 * broke, or etcd answered that the lease is gone) or {@code onCompleted} (no keep-alive answer
 * within the TTL, by jetcd's own deadline check), and the grant's {@link LeaseWatch} tells it. The
 * holder does not heed it (the worker keeps going, as a jetcd user who only logs it would): the
 * notice only marks in the history when the client learned.
 */
public final class EtcdLock implements LockClient, FencingTokens {

    /** Where the lock keys live: {@code /lockchaos/locks/<name>/<lease-hex>}. */
    static final String PREFIX = "/lockchaos/locks/";
    /** The warm-up lease's TTL: long enough that no stall of a loaded machine outlasts it. */
    private static final Duration WARM_UP_TTL = Duration.ofSeconds(60);
    /** How long each warm-up request may take: a cold client under load is slow to its first answers. */
    private static final Duration WARM_UP_WAIT = Duration.ofSeconds(20);

    private final Client client;
    private final long ttlSeconds;
    private final Duration requestTimeout;

    /**
     * @param nodes the members' client addresses
     * @param ttl the lease's TTL: whole seconds, etcd's unit
     * @param requestTimeout how long one request may take
     * @throws WorkloadException when {@code ttl} is not a whole number of seconds
     */
    public EtcdLock(List<Address> nodes, Duration ttl, Duration requestTimeout) {
        this.ttlSeconds = EtcdTtl.seconds(ttl);
        this.requestTimeout = requestTimeout;
        this.client = Client.builder()
                .endpoints(nodes.stream().map(a -> "http://" + a.host() + ":" + a.port()).toArray(String[]::new))
                .connectTimeout(requestTimeout)
                .build();
        try {
            warmUp();
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * Opens the connection and the keep-alive stream before the first acquire: a lease of
     * {@link #WARM_UP_TTL} granted, kept alive until its first renewal, revoked. Cold, under load,
     * a first grant's keep-alive once answered later than its 2 s lease lasted (the lease ran out
     * under a waiting acquire), and a warm-up on a 2 s lease failed the same way at load 30.
     */
    private void warmUp() {
        long lease = EtcdCalls.await(client.getLeaseClient().grant(WARM_UP_TTL.toSeconds()), WARM_UP_WAIT).getID();
        CompletableFuture<Void> renewed = new CompletableFuture<>();
        CloseableClient keepAlive = client.getLeaseClient().keepAlive(lease, new StreamObserver<>() {
            @Override
            public void onNext(LeaseKeepAliveResponse value) {
                renewed.complete(null);
            }

            @Override
            public void onError(Throwable t) {
                renewed.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                renewed.complete(null);
            }
        });
        try {
            EtcdCalls.await(renewed, WARM_UP_WAIT);
        } finally {
            keepAlive.close();
        }
        EtcdCalls.await(client.getLeaseClient().revoke(lease), WARM_UP_WAIT);
    }

    @Override
    public String backend() {
        return "etcd";
    }

    @Override
    public String tokenOrigin() {
        return "etcd lock key create revision";
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        long started = System.nanoTime();
        long lease;
        try {
            lease = EtcdCalls.await(client.getLeaseClient().grant(ttlSeconds), requestTimeout).getID();
        } catch (EtcdCallException e) {
            return Acquisition.refused("lease-grant-failed");
        }
        LeaseWatch watch = new LeaseWatch();
        CloseableClient keepAlive = client.getLeaseClient().keepAlive(lease, watch.observer());
        LockResponse granted;
        try {
            granted = EtcdCalls.await(client.getLockClient().lock(bytes(PREFIX + lock), lease), timeout);
        } catch (EtcdCallException e) {
            keepAlive.close();
            return undo(lease, e.timedOut() ? "timeout" : "lock-failed");
        }
        ByteSequence key = granted.getKey();
        OptionalLong token = createRevision(key);
        if (token.isEmpty()) {
            keepAlive.close();
            throw new EtcdCallException("etcd granted " + key + " on lease " + Long.toHexString(lease)
                    + ", but the key was gone when its revision was read back (the lease ran out)", null);
        }
        LockKey lockKey = new LockKey(key.toString(StandardCharsets.UTF_8), token.getAsLong());
        return Acquisition.granted(new Grant(lock, token, Optional.empty(), started, watch,
                () -> release(key, lease, keepAlive), Optional.empty(), Optional.of(lockKey)));
    }

    /** Revokes {@code lease}, which deletes any key a late grant put on it: certain if acknowledged. */
    private Acquisition undo(long lease, String reason) {
        try {
            EtcdCalls.await(client.getLeaseClient().revoke(lease), requestTimeout);
            return Acquisition.refused(reason);
        } catch (EtcdCallException e) {
            if (e.leaseNotFound()) {
                return Acquisition.refused(reason);
            }
            return Acquisition.unknown(reason + ", and the lease's revoke failed: " + e.getMessage());
        }
    }

    private OptionalLong createRevision(ByteSequence key) {
        List<KeyValue> kvs = EtcdCalls.await(client.getKVClient().get(key), requestTimeout).getKvs();
        return kvs.isEmpty() ? OptionalLong.empty() : OptionalLong.of(kvs.get(0).getCreateRevision());
    }

    private boolean release(ByteSequence key, long lease, CloseableClient keepAlive) {
        keepAlive.close();
        EtcdCalls.await(client.getLockClient().unlock(key), requestTimeout);
        try {
            EtcdCalls.await(client.getLeaseClient().revoke(lease), requestTimeout);
            return true;
        } catch (EtcdCallException e) {
            if (e.leaseNotFound()) {
                return false;
            }
            throw e;
        }
    }


    @Override
    public void close() {
        client.close();
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}
