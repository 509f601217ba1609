package io.lockchaos.workloads.storage;

/**
 * The Lua scripts behind {@link RedisStorage}. {@code KEYS[1]} is the ledger list,
 * {@code KEYS[2]} the highest token processed; {@code ARGV[1]} the request's token ("" for
 * none), {@code ARGV[2]} an append's entry as JSON. Replies: {@code {"ok"}}, {@code {"ok",
 * last-id}} or {@code {"stale-token", highest}}.
 */
final class LedgerScripts {

    static final String STALE = "stale-token";

    /** Refuses a token below the mark, else raises the mark to it. Leaves {@code hi} set. */
    private static final String FENCE = """
            local t = tonumber(ARGV[1])
            local hi = tonumber(redis.call('GET', KEYS[2]) or '-9223372036854775807')
            if t < hi then return {'stale-token', tostring(redis.call('GET', KEYS[2]))} end
            redis.call('SET', KEYS[2], ARGV[1])
            """;

    private static final String LAST = """
            local last = redis.call('LINDEX', KEYS[1], -1)
            if not last then return {'ok'} end
            return {'ok', cjson.decode(last)['id']}
            """;

    static final String READ = LAST;
    static final String READ_FENCED = FENCE + LAST;
    static final String APPEND = "redis.call('RPUSH', KEYS[1], ARGV[2])\nreturn {'ok'}\n";
    static final String APPEND_FENCED = FENCE + APPEND;

    private LedgerScripts() {
    }

    static String ledgerKey(String key) {
        return "ledger:" + key;
    }

    static String fenceKey(String key) {
        return "fence:" + key;
    }
}
