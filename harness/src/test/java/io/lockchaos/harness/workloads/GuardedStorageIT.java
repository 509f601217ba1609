package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.testkit.Await;
import io.lockchaos.workloads.etcd.EtcdLock;
import io.lockchaos.workloads.etcd.GuardedEtcdStorage;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockKey;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.StaleToken;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The {@code guarded} store on three real etcd members: an append under the holder's lock key
 * lands; once that key is deleted (as when its lease runs out) and a successor holds the lock,
 * the old holder's append and read are refused, even after a key of the very same name is
 * created again (the guard compares create revisions, not whether a key exists); the final read
 * returns what landed, in order.
 */
@Tag("chaos")
class GuardedStorageIT {

    private static final Duration TIMEOUT = Await.scaled(Duration.ofSeconds(20));

    @Test
    void anAppendLandsOnlyUnderTheHoldersOwnIncarnationOfItsLockKey() throws Exception {
        try (Cluster cluster = Clusters.start(Topology.ETCD, ClusterOptions.DEFAULTS)) {
            List<Address> members = cluster.nodes(Role.ETCD).stream().map(n -> new Address(Node.HOST, n.hostPort())).toList();
            try (EtcdLock locks = new EtcdLock(members, Duration.ofSeconds(10), TIMEOUT);
                 GuardedEtcdStorage ledger = new GuardedEtcdStorage(members, TIMEOUT);
                 Client etcd = Client.builder().endpoints(members.stream()
                         .map(a -> "http://" + a.host() + ":" + a.port()).toArray(String[]::new)).build()) {
                Grant first = granted(locks.acquire("g", TIMEOUT));
                LockKey firstKey = first.lockKey().orElseThrow();
                assertEquals(first.token().getAsLong(), firstKey.createRevision(), "the token is the key's create revision");
                assertEquals(new ReadResult.Last(Optional.empty()), ledger.read(first));
                LedgerEntry landed = new LedgerEntry("e-0-1", Optional.empty(), first.token(), 0);
                assertEquals(AppendResult.APPLIED, ledger.append(first, landed), "the holder's append lands");

                // The first holder's key goes, as when its lease runs out; the next acquire is granted.
                etcd.getKVClient().delete(bytes(firstKey.key())).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                Grant successor = granted(locks.acquire("g", TIMEOUT));
                assertTrue(successor.token().getAsLong() > first.token().getAsLong(), "a later key, a larger revision");
                assertEquals(new ReadResult.Last(Optional.of("e-0-1")), ledger.read(successor));
                LedgerEntry next = new LedgerEntry("e-1-1", Optional.of("e-0-1"), successor.token(), 1);
                assertEquals(AppendResult.APPLIED, ledger.append(successor, next));

                // A key of the first holder's very name again: it exists, but it is not the one granted.
                etcd.getKVClient().put(bytes(firstKey.key()), bytes("recreated")).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                long recreated = etcd.getKVClient().get(bytes(firstKey.key())).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                        .getKvs().get(0).getCreateRevision();
                assertNotEquals(firstKey.createRevision(), recreated);
                LedgerEntry stale = new LedgerEntry("e-0-2", Optional.of("e-0-1"), first.token(), 0);
                StaleToken refused = assertInstanceOf(StaleToken.class, ledger.append(first, stale),
                        "the old holder's append is refused by revision");
                assertTrue(refused.highest() > first.token().getAsLong(), "etcd's revision at the refusal: " + refused);
                assertInstanceOf(StaleToken.class, ledger.read(first), "and so is its read");

                assertEquals(List.of(landed, next), ledger.readAll("g"), "the final read: what landed, in order");
                locks.release(successor);
            }
        }
    }

    private static Grant granted(Acquisition acquisition) {
        return assertInstanceOf(Acquisition.Granted.class, acquisition, "granted: " + acquisition).grant();
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}
