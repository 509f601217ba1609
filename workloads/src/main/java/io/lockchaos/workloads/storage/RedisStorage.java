package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.redis.RedisNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The ledger in a Redis: key {@code ledger:<key>} is a list of entries as JSON
 * ({@code {"id":..,"prev":..,"token":..,"writer":..}}), {@code fence:<key>} the highest token
 * processed. Each read and append is one Lua script ({@link LedgerScripts}).
 */
public final class RedisStorage implements Storage {

    private final RedisNode node;
    private final Fencing fencing;

    public RedisStorage(Address address, Fencing fencing, Duration timeout) {
        this.node = new RedisNode(address, timeout);
        this.fencing = fencing;
    }

    @Override
    public Fencing fencing() {
        return fencing;
    }

    @Override
    public ReadResult read(String key, OptionalLong token) {
        MissingTokenException.requireForRead(fencing, token, key);
        String script = fencing.fencesReads() ? LedgerScripts.READ_FENCED : LedgerScripts.READ;
        List<String> reply = run(script, key, List.of(tokenArg(token)));
        if (LedgerScripts.STALE.equals(reply.get(0))) {
            return new StaleToken(Long.parseLong(reply.get(1)));
        }
        return new ReadResult.Last(reply.size() > 1 ? Optional.of(reply.get(1)) : Optional.empty());
    }

    @Override
    public AppendResult append(String key, LedgerEntry entry) {
        MissingTokenException.requireForAppend(fencing, entry, key);
        String script = fencing.fencesAppends() ? LedgerScripts.APPEND_FENCED : LedgerScripts.APPEND;
        List<String> reply = run(script, key, List.of(tokenArg(entry.token()), LedgerJson.encode(entry)));
        if (LedgerScripts.STALE.equals(reply.get(0))) {
            return new StaleToken(Long.parseLong(reply.get(1)));
        }
        return AppendResult.APPLIED;
    }

    @Override
    public List<LedgerEntry> readAll(String key) {
        List<String> raw = node.call(j -> j.lrange(LedgerScripts.ledgerKey(key), 0, -1));
        List<LedgerEntry> entries = new ArrayList<>(raw.size());
        for (String json : raw) {
            entries.add(decode(key, json));
        }
        return entries;
    }

    @Override
    public void close() {
        node.close();
    }

    private List<String> run(String script, String key, List<String> args) {
        Object reply = node.call(j -> j.eval(script, List.of(LedgerScripts.ledgerKey(key), LedgerScripts.fenceKey(key)), args));
        List<String> out = new ArrayList<>();
        if (reply instanceof List<?> items) {
            for (Object item : items) {
                out.add(String.valueOf(item));
            }
        }
        if (out.isEmpty()) {
            throw new WorkloadException("storage " + node.address() + " answered " + reply + " to a ledger script on '" + key
                    + "'; expected a list starting with ok or stale-token (is it a Redis 7 with Lua?)");
        }
        return out;
    }

    private static String tokenArg(OptionalLong token) {
        return token.isPresent() ? Long.toString(token.getAsLong()) : "";
    }

    private LedgerEntry decode(String key, String json) {
        return LedgerJson.decode(json).orElseThrow(() -> new WorkloadException("storage " + node.address() + ": ledger "
                + LedgerScripts.ledgerKey(key) + " holds '" + json
                + "', which is not a lockchaos entry; was the storage Redis shared with something else?"));
    }
}
