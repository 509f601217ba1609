package io.lockchaos.workloads.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockKey;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.LedgerJson;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.StaleToken;
import io.lockchaos.workloads.storage.Storage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code guarded} store: the ledger in the lock's own etcd, fenced by etcd itself. Each entry
 * is a key {@code /lockchaos/ledgers/<ledger>/<entry id>} holding the entry as JSON
 * ({@link LedgerJson}); the ledger's order is the keys' create revisions.
 *
 * <p>An append is one transaction: <em>if</em> the holder's lock key ({@link Grant#lockKey()})
 * still has the create revision it was granted with, <em>then</em> put the entry, <em>else</em>
 * nothing. A lock key whose lease ran out is gone, and a successor's key, even one with the same
 * name, was created at a later revision, so an append under a lost lock is refused
 * ({@link StaleToken}, carrying etcd's revision at the refusal) and certainly had no effect.
 * This is Jepsen's {@code LockingEtcdSetClient} guard (its compare: the key's version is above
 * 0), made exact to the holder's incarnation of the key.
 *
 * <p>A read is guarded the same way (one transaction that gets the ledger's newest entry only
 * while the holder's key is there): a holder whose lock is gone is told at its read and does not
 * build on it, as the {@code fenced} store's read does; the append's guard alone would keep the
 * ledger a chain (no successor is granted while the holder's key exists), so the read's guard
 * is about telling the holder early, not about the ledger. A transaction goes through etcd's
 * raft log, so both are linearizable. {@link #readAll} (the final read) is a plain range read,
 * linearizable too, and needs no holder.
 */
public final class GuardedEtcdStorage implements Storage {

    /** Where the ledgers live: {@code /lockchaos/ledgers/<ledger>/}. */
    static final String LEDGERS = "/lockchaos/ledgers/";

    private final Client client;
    private final Duration timeout;

    /**
     * @param members the etcd members' client addresses (the lock's)
     * @param timeout how long one request may take
     */
    public GuardedEtcdStorage(List<Address> members, Duration timeout) {
        this.timeout = timeout;
        this.client = Client.builder()
                .endpoints(members.stream().map(a -> "http://" + a.host() + ":" + a.port()).toArray(String[]::new))
                .connectTimeout(timeout)
                .build();
    }

    @Override
    public Fencing fencing() {
        return Fencing.GUARDED;
    }

    @Override
    public ReadResult read(Grant grant) {
        TxnResponse answer = guarded(grant, "a read", Op.get(folder(grant.lock()), newest(grant.lock())));
        if (!answer.isSucceeded()) {
            return new StaleToken(answer.getHeader().getRevision());
        }
        List<KeyValue> kvs = answer.getGetResponses().get(0).getKvs();
        return new ReadResult.Last(kvs.isEmpty() ? Optional.empty() : Optional.of(decode(grant.lock(), kvs.get(0)).id()));
    }

    @Override
    public AppendResult append(Grant grant, LedgerEntry entry) {
        Op put = Op.put(bytes(LEDGERS + grant.lock() + "/" + entry.id()), bytes(LedgerJson.encode(entry)), PutOption.DEFAULT);
        TxnResponse answer = guarded(grant, "an append", put);
        return answer.isSucceeded() ? AppendResult.APPLIED : new StaleToken(answer.getHeader().getRevision());
    }

    /** Refused: without the holder's grant there is no lock key to guard by. */
    @Override
    public ReadResult read(String key, OptionalLong token) {
        throw noLockKey("a read", key);
    }

    /** Refused: without the holder's grant there is no lock key to guard by. */
    @Override
    public AppendResult append(String key, LedgerEntry entry) {
        throw noLockKey("an append", key);
    }

    @Override
    public List<LedgerEntry> readAll(String key) {
        GetOption all = range(key).withSortField(GetOption.SortTarget.CREATE).withSortOrder(GetOption.SortOrder.ASCEND)
                .build();
        List<LedgerEntry> entries = new ArrayList<>();
        for (KeyValue kv : EtcdCalls.await(client.getKVClient().get(folder(key), all), timeout).getKvs()) {
            entries.add(decode(key, kv));
        }
        return entries;
    }

    @Override
    public void close() {
        client.close();
    }

    /** One transaction: {@code then} only if the grant's lock key still has its create revision. */
    private TxnResponse guarded(Grant grant, String what, Op then) {
        LockKey lockKey = grant.lockKey().orElseThrow(() -> noLockKey(what, grant.lock()));
        Cmp held = new Cmp(bytes(lockKey.key()), Cmp.Op.EQUAL, CmpTarget.createRevision(lockKey.createRevision()));
        return EtcdCalls.await(client.getKVClient().txn().If(held).Then(then).commit(), timeout);
    }

    private static GetOption newest(String ledger) {
        return range(ledger).withSortField(GetOption.SortTarget.CREATE).withSortOrder(GetOption.SortOrder.DESCEND)
                .withLimit(1).build();
    }

    /** Every key under {@code /lockchaos/ledgers/<ledger>/}: the range ends where {@code /} is followed by {@code 0}. */
    private static GetOption.Builder range(String ledger) {
        String folder = LEDGERS + ledger + "/";
        return GetOption.builder().withRange(bytes(folder.substring(0, folder.length() - 1) + (char) ('/' + 1)));
    }

    private static ByteSequence folder(String ledger) {
        return bytes(LEDGERS + ledger + "/");
    }

    private static LedgerEntry decode(String ledger, KeyValue kv) {
        String json = kv.getValue().toString(StandardCharsets.UTF_8);
        return LedgerJson.decode(json).orElseThrow(() -> new WorkloadException("etcd ledger " + LEDGERS + ledger
                + "/ holds '" + json + "' at " + kv.getKey().toString(StandardCharsets.UTF_8)
                + ", which is not a lockchaos entry; was the etcd shared with something else?"));
    }

    private static WorkloadException noLockKey(String what, String ledger) {
        return new WorkloadException("the guarded storage guards " + what + " on '" + ledger + "' by the holder's"
                + " etcd lock key, and this grant has none; guarded storage needs lock backend etcd");
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}
