package io.lockchaos.workloads.redis;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.params.SetParams;

/** The requests every Redis lock makes: take with {@code SET NX PX}, give back by compare-and-delete. */
final class RedisLockScripts {

    /** Deletes the key only if it holds this grant's value; 1 if deleted, else 0. */
    static final String COMPARE_AND_DELETE = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then
                return redis.call('DEL', KEYS[1])
            end
            return 0
            """;

    private static final SecureRandom RANDOM = new SecureRandom();

    private RedisLockScripts() {
    }

    static String key(String lock) {
        return "lock:" + lock;
    }

    /** A fresh random value for one grant (128 bits, hex). */
    static String randomValue() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** {@code SET key value NX PX ttl} on {@code node}: true if this call took the key. */
    static boolean take(RedisNode node, String key, String value, long ttlMillis) {
        return "OK".equals(node.call(j -> j.set(key, value, SetParams.setParams().nx().px(ttlMillis))));
    }

    /** Compare-and-delete on {@code node}: true if the key held {@code value} and is gone. */
    static boolean giveBack(RedisNode node, String key, String value) {
        Object deleted = node.call(j -> j.eval(COMPARE_AND_DELETE, List.of(key), List.of(value)));
        return Long.valueOf(1).equals(deleted);
    }
}
