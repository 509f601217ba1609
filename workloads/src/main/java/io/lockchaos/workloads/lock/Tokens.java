package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;
import java.util.Arrays;
import java.util.List;

/**
 * Where a lock's fencing tokens come from (a scenario's {@code lock.tokens}): a source added to a
 * lock that has none of its own, passed as the option {@link LockConfig#TOKENS}; or, named
 * explicitly, the lock's own.
 */
public enum Tokens {
    /** No token source: grants carry the lock's own tokens, if it has any. */
    NONE("none"),
    /** {@code INCR} on the lock's Redis (for Redlock: its first master). */
    REDIS_INCR("redis-incr"),
    /** A ZooKeeper counter on the ensemble in {@link LockConfig#TOKEN_NODES}. */
    ZK("zk"),
    /**
     * The lock library's own fencing token (Redisson's {@code RFencedLock}, Curator's czxid): no
     * source is added; valid only for a backend with tokens of its own.
     */
    LOCK("lock");

    private final String id;

    Tokens(String id) {
        this.id = id;
    }

    /** The name in scenarios and in the {@code tokens} option. */
    public String id() {
        return id;
    }

    /**
     * Whether this source works on a cluster whose lock service is Redis ({@code redisService})
     * or not: {@code redis-incr} counts on the lock service's Redis; {@code zk} works on any (a
     * topology without a ZooKeeper ensemble gets a standalone one for the tokens, {@code zk-tokens}).
     */
    public boolean fits(boolean redisService) {
        return switch (this) {
            case NONE, ZK, LOCK -> true;
            case REDIS_INCR -> redisService;
        };
    }

    /** Whether this is a source added to the lock ({@code zk}, {@code redis-incr}), passed as the option {@link LockConfig#TOKENS}. */
    public boolean addsSource() {
        return this == ZK || this == REDIS_INCR;
    }

    /** Every name, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Tokens::id).toList();
    }

    /** The sources an option may name (every one but {@code none}). */
    public static List<String> sourceIds() {
        return List.of(ZK.id, REDIS_INCR.id);
    }

    /**
     * The source named {@code id}.
     *
     * @throws WorkloadException naming the valid ones
     */
    public static Tokens parse(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst()
                .orElseThrow(() -> new WorkloadException("unknown token source '" + id + "'; valid: "
                        + String.join(", ", ids())));
    }
}
