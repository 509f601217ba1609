package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Topology;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.MissingTokenException;
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
 * What every ledger store must answer, on its real server as a run's {@code storage} node: what
 * each fencing mode accepts and refuses, and a fenced append that stays atomic when writers of
 * one ledger race. Each store's IT runs it on its own cluster ({@link #store()}).
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoreContract {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Cluster cluster;
    private Address storage;

    /** The store under test. */
    abstract Store store();

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS.withStore(store()));
        storage = Address.parse(LockRun.hostAddress(cluster.node("storage")));
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Storage open(Fencing fencing) {
        return store().open(storage, fencing, TIMEOUT);
    }

    private static LedgerEntry entry(String id, String prev, long token, long writer) {
        return new LedgerEntry(id, Optional.ofNullable(prev), OptionalLong.of(token), writer);
    }

    private static ReadResult.Last last(String id) {
        return new ReadResult.Last(Optional.ofNullable(id));
    }

    @Test
    void fencedRejectsAStaleTokenOnAppendAndOnRead() {
        try (Storage s = open(Fencing.FENCED)) {
            assertEquals(last(null), s.read("f", OptionalLong.of(5)));
            assertEquals(AppendResult.APPLIED, s.append("f", entry("e-1-1", null, 5, 1)));
            assertEquals(new StaleToken(5), s.read("f", OptionalLong.of(4)), "a read with an older token");
            assertEquals(new StaleToken(5), s.append("f", entry("e-2-1", "e-1-1", 4, 2)), "an append with an older token");
            assertEquals(last("e-1-1"), s.read("f", OptionalLong.of(5)), "the same token passes");
            assertEquals(last("e-1-1"), s.read("f", OptionalLong.of(7)), "a newer read raises the mark");
            assertEquals(new StaleToken(7), s.append("f", entry("e-1-2", "e-1-1", 6, 1)),
                    "reads are fenced too: a writer older than the last reader is refused");
            assertEquals(List.of(entry("e-1-1", null, 5, 1)), s.readAll("f"));
        }
    }

    @Test
    void fencedOnWritesOnlyServesAStaleReadButRefusesAStaleAppend() {
        try (Storage s = open(Fencing.WRITES_ONLY)) {
            assertEquals(AppendResult.APPLIED, s.append("w", entry("e-1-1", null, 5, 1)));
            assertEquals(last("e-1-1"), s.read("w", OptionalLong.of(4)), "a stale read is served");
            assertEquals(last("e-1-1"), s.read("w", OptionalLong.of(9)), "reads do not raise the mark");
            assertEquals(AppendResult.APPLIED, s.append("w", entry("e-2-1", "e-1-1", 6, 2)));
            assertEquals(new StaleToken(6), s.append("w", entry("e-1-2", "e-1-1", 5, 1)));
            assertEquals(List.of("e-1-1", "e-2-1"), s.readAll("w").stream().map(LedgerEntry::id).toList());
        }
    }

    @Test
    void unfencedAcceptsEverythingAndKeepsTokenWriterAndPrev() {
        try (Storage s = open(Fencing.UNFENCED)) {
            assertEquals(AppendResult.APPLIED, s.append("u", entry("e-1-1", null, 9, 1)));
            assertEquals(last("e-1-1"), s.read("u", OptionalLong.of(3)));
            assertEquals(AppendResult.APPLIED, s.append("u", entry("e-2-1", null, 3, 2)));
            LedgerEntry untokened = new LedgerEntry("e-3-1", Optional.of("e-2-1"), OptionalLong.empty(), 3);
            assertEquals(AppendResult.APPLIED, s.append("u", untokened));
            assertEquals(last("e-3-1"), s.read("u", OptionalLong.empty()));
            assertEquals(List.of(entry("e-1-1", null, 9, 1), entry("e-2-1", null, 3, 2), untokened), s.readAll("u"));
        }
    }

    @Test
    void aFencedStoreWithoutATokenIsAConfigurationError() {
        try (Storage s = open(Fencing.FENCED)) {
            assertThrows(MissingTokenException.class, () -> s.read("m", OptionalLong.empty()));
            assertThrows(MissingTokenException.class, () -> s.append("m",
                    new LedgerEntry("e-1-1", Optional.empty(), OptionalLong.empty(), 1)));
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
