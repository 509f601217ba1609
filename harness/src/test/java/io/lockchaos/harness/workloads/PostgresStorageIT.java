package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.harness.cluster.Cluster;
import io.lockchaos.harness.cluster.ClusterOptions;
import io.lockchaos.harness.cluster.Clusters;
import io.lockchaos.harness.cluster.Topology;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.StaleToken;
import io.lockchaos.workloads.storage.Storage;
import io.lockchaos.workloads.storage.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The ledger in PostgreSQL ({@code "store": "postgres"}) on the real {@code storage} node:
 * the same answers as the Redis store's scripts, and a fenced append that stays atomic when
 * writers of one ledger race (its tokens never go down along the ledger).
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresStorageIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Cluster cluster;
    private Address storage;

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS.withStore(Store.POSTGRES));
        storage = Address.parse(LockRun.hostAddress(cluster.node("storage")));
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Storage open(Fencing fencing) {
        return Store.POSTGRES.open(storage, fencing, TIMEOUT);
    }

    private static LedgerEntry entry(String id, String prev, long token, long writer) {
        return new LedgerEntry(id, Optional.ofNullable(prev), OptionalLong.of(token), writer);
    }

    private static ReadResult.Last last(String id) {
        return new ReadResult.Last(Optional.ofNullable(id));
    }

    @Test
    void fencedRejectsAStaleTokenOnAppendAndOnReadAsTheRedisStoreDoes() {
        try (Storage s = open(Fencing.FENCED)) {
            assertEquals(last(null), s.read("f", OptionalLong.of(5)));
            assertEquals(AppendResult.APPLIED, s.append("f", entry("e-1-1", null, 5, 1)));
            assertEquals(new StaleToken(5), s.read("f", OptionalLong.of(4)), "a read with an older token");
            assertEquals(new StaleToken(5), s.append("f", entry("e-2-1", "e-1-1", 4, 2)), "an append with an older token");
            assertEquals(last("e-1-1"), s.read("f", OptionalLong.of(5)), "the same token passes");
            assertEquals(last("e-1-1"), s.read("f", OptionalLong.of(7)), "a newer read raises the mark");
            assertEquals(new StaleToken(7), s.append("f", entry("e-1-2", "e-1-1", 6, 1)));
            assertEquals(List.of(entry("e-1-1", null, 5, 1)), s.readAll("f"));
        }
        try (Storage w = open(Fencing.WRITES_ONLY); Storage u = open(Fencing.UNFENCED)) {
            assertEquals(AppendResult.APPLIED, w.append("w", entry("e-1-1", null, 5, 1)));
            assertEquals(last("e-1-1"), w.read("w", OptionalLong.of(4)), "writes-only serves a stale read");
            assertEquals(new StaleToken(5), w.append("w", entry("e-2-1", "e-1-1", 4, 2)));
            LedgerEntry untokened = new LedgerEntry("e-3-1", Optional.empty(), OptionalLong.empty(), 3);
            assertEquals(AppendResult.APPLIED, u.append("u", entry("e-1-1", null, 9, 1)));
            assertEquals(AppendResult.APPLIED, u.append("u", untokened));
            assertEquals(List.of(entry("e-1-1", null, 9, 1), untokened), u.readAll("u"));
        }
    }

    /**
     * Eight writers, each on a connection of its own, append tokens 1..400 to one ledger in a
     * shuffled order at once: every append is applied or refused, and the applied tokens never
     * go down along the ledger (a check that is not atomic lets a lower token in after a higher).
     */
    @Test
    void concurrentFencedAppendsKeepTheLedgersTokensFromGoingDown() throws Exception {
        int writers = 8;
        List<Long> tokens = new ArrayList<>();
        for (long t = 1; t <= 400; t++) {
            tokens.add(t);
        }
        Collections.shuffle(tokens, new Random(28));
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<Integer>> applied = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                List<Long> mine = tokens.subList(w * 50, (w + 1) * 50);
                int writer = w;
                applied.add(pool.submit(() -> {
                    int n = 0;
                    try (Storage s = open(Fencing.FENCED)) {
                        for (long t : mine) {
                            if (s.append("race", entry("e-" + writer + "-" + t, null, t, writer)) == AppendResult.APPLIED) {
                                n++;
                            }
                        }
                    }
                    return n;
                }));
            }
            int total = 0;
            for (Future<Integer> f : applied) {
                total += f.get(120, TimeUnit.SECONDS);
            }
            List<LedgerEntry> ledger;
            try (Storage s = open(Fencing.UNFENCED)) {
                ledger = s.readAll("race");
            }
            assertEquals(total, ledger.size(), "every applied append is in the ledger once");
            for (int i = 1; i < ledger.size(); i++) {
                assertTrue(ledger.get(i).token().getAsLong() >= ledger.get(i - 1).token().getAsLong(),
                        "tokens went down at entry " + i + ": " + ledger.get(i - 1) + " then " + ledger.get(i));
            }
            assertTrue(total > 1 && total < tokens.size(), "some appends applied, some refused: " + total);
        } finally {
            pool.shutdownNow();
        }
    }
}
