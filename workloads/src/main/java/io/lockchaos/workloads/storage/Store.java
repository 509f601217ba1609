package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Address;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the ledgers live: a scenario's {@code "store"}. Either is its own server beside the lock
 * service, and faults never reach it.
 */
public enum Store {
    /** A Redis, each read and append one Lua script ({@link RedisStorage}); the default. */
    REDIS(6379),
    /** A PostgreSQL table, a fenced append one statement ({@link PostgresStorage}). */
    POSTGRES(5432);

    private final int port;

    Store(int port) {
        this.port = port;
    }

    /** Its name in a scenario and a worker's config: {@code redis}, {@code postgres}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The port its server listens on inside the run's network. */
    public int port() {
        return port;
    }

    /** The store called {@code id}, if any. */
    public static Optional<Store> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id().equals(id)).findFirst();
    }

    /** Every store's name, for messages. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Store::id).toList();
    }

    /** A client of this store at {@code address}, fencing as {@code fencing}. */
    public Storage open(Address address, Fencing fencing, Duration timeout) {
        return switch (this) {
            case REDIS -> new RedisStorage(address, fencing, timeout);
            case POSTGRES -> new PostgresStorage(address, fencing, timeout);
        };
    }
}
