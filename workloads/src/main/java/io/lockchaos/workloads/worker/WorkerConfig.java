package io.lockchaos.workloads.worker;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.etcd.GuardedEtcdStorage;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.storage.Storage;
import io.lockchaos.workloads.storage.Store;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Everything a worker process needs: the one type the harness writes and the worker reads, as
 * JSON by Jackson on both sides ({@link #json()}, {@link #read(Path)}; {@code WorkerConfigCodec}
 * maps it). Each component is the field of its name, a {@link Duration} the field with {@code Ms}
 * appended, in milliseconds; an address is {@code host:port}, a fencing mode its id:
 * <pre>{@code
 * {"settings": {"process": 0, "workers": 3, "threads": 1, "locks": ["job-0"], "durationMs": 30000, "thinkMs": 20,
 *               "idleMs": 10, "acquireTimeoutMs": 5000, "seed": 1, "tickMs": 0, "reenter": false},
 *  "lock": {"backend": "redis-naive", "nodes": ["redis-1:6379"], "ttlMs": 10000, "sessionTimeoutMs": 6000,
 *           "options": {"tokens": "zk", "token-nodes": "zk-1:2181"}},
 *  "storage": {"node": "storage:6379", "fencing": "fenced", "timeoutMs": 5000, "store": "redis"},
 *  "startNanos": 81234567890123, "stopGraceMs": 2000}
 * }</pre>
 * Every field is required but {@code startNanos}, which may be {@code null}; no other field is allowed.
 *
 * @param settings what the loop does
 * @param lock which lock service and backend
 * @param storage where the ledger is and what it fences
 * @param startNanos the run's start as {@code System.nanoTime()} on this machine (all
 *     containers share the monotonic clock); empty: the worker's own start
 * @param stopGrace how long a SIGTERM waits for the step under way before the history is closed
 */
public record WorkerConfig(WorkerSettings settings, LockConfig lock, StorageConfig storage, OptionalLong startNanos,
                           Duration stopGrace) {

    /** How long a SIGTERM waits for the step under way, unless a config says otherwise. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(2);

    public WorkerConfig {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(startNanos, "startNanos");
        Objects.requireNonNull(stopGrace, "stopGrace");
    }

    /**
     * The ledger's server ({@code storage:6379}), its fencing, the request timeout, and which
     * kind of store it is (absent in a config: {@link Store#REDIS}).
     */
    public record StorageConfig(Address node, Fencing fencing, Duration timeout, Store store) {

        /** The only backend {@code guarded} storage works with. */
        public static final String GUARDED_BACKEND = "etcd";

        /** The ledger's request timeout, unless a config says otherwise. */
        public static final Duration TIMEOUT = Duration.ofSeconds(5);

        public StorageConfig {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(fencing, "fencing");
            Objects.requireNonNull(timeout, "timeout");
            store = store == null ? Store.REDIS : store;
        }

        /** The Redis store. */
        public StorageConfig(Address node, Fencing fencing, Duration timeout) {
            this(node, fencing, timeout, Store.REDIS);
        }

        /**
         * A client of this store, as the worker's loops use it: for {@code guarded}, the ledger in
         * the lock's own etcd members ({@code lock}'s nodes; {@code node} and {@code store} unused).
         *
         * @throws WorkloadException for {@code guarded} under a backend other than {@code etcd}
         */
        public Storage open(LockConfig lock) {
            if (fencing != Fencing.GUARDED) {
                return store.open(node, fencing, timeout);
            }
            if (!lock.backend().equals(GUARDED_BACKEND)) {
                throw new WorkloadException("storage 'guarded' keeps its ledger in the lock's etcd and needs lock backend "
                        + GUARDED_BACKEND + ", not " + lock.backend() + "; use fenced storage with this backend");
            }
            return new GuardedEtcdStorage(lock.addresses(), timeout);
        }
    }

    /** This config as the JSON a worker reads. */
    public String json() {
        return WorkerConfigCodec.write(this);
    }

    /**
     * Reads a worker's config file.
     *
     * @throws io.lockchaos.workloads.WorkloadException naming the file and the field at fault
     */
    public static WorkerConfig read(Path file) {
        return WorkerConfigCodec.read(file);
    }

    /** Reads config JSON given as text; {@code source} names it in messages. */
    public static WorkerConfig parse(String json, String source) {
        return WorkerConfigCodec.parse(json, source);
    }
}
