package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lockchaos.harness.cluster.Cluster;
import io.lockchaos.harness.cluster.ClusterOptions;
import io.lockchaos.harness.cluster.Clusters;
import io.lockchaos.harness.cluster.Topology;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.MissingTokenException;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.StaleToken;
import io.lockchaos.workloads.storage.Storage;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The ledger's Lua scripts on the real storage Redis: what each fencing mode accepts and refuses. */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FencedStorageIT {

    private Cluster cluster;

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static LedgerEntry entry(String id, String prev, long token, long writer) {
        return new LedgerEntry(id, Optional.ofNullable(prev), OptionalLong.of(token), writer);
    }

    private static ReadResult.Last last(String id) {
        return new ReadResult.Last(Optional.ofNullable(id));
    }

    @Test
    void fencedRejectsAStaleTokenOnAppendAndOnRead() {
        try (Storage s = LockRun.storage(cluster, Fencing.FENCED)) {
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
        try (Storage s = LockRun.storage(cluster, Fencing.WRITES_ONLY)) {
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
        try (Storage s = LockRun.storage(cluster, Fencing.UNFENCED)) {
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
        try (Storage s = LockRun.storage(cluster, Fencing.FENCED)) {
            assertInstanceOf(MissingTokenException.class,
                    assertThrows(MissingTokenException.class, () -> s.read("m", OptionalLong.empty())));
        }
    }
}
