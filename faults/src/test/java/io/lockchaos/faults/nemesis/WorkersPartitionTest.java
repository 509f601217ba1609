package io.lockchaos.faults.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code partition workers}: one-sided rules in the workers only; servers' partitions never involve workers. */
class WorkersPartitionTest {

    private final FakeNode a = new FakeNode("zk-1", "10.0.0.1");
    private final FakeNode b = new FakeNode("zk-2", "10.0.0.2");
    private final FakeNode c = new FakeNode("zk-3", "10.0.0.3");
    private final FaultNode storage = () -> "storage";
    private final Worker w1 = new Worker("worker-1");
    private final Worker w2 = new Worker("worker-2");
    private final MemoryRecorder recorder = new MemoryRecorder();
    private final NodeNemesis nemesis = new NodeNemesis(FakeTargets.of(a, b, c, storage, w1, w2), recorder, 1);

    /** A worker in memory: remembers the peers it drops. */
    private static final class Worker extends FakeFirewall implements ClientNode {
        Worker(String name) {
            super(name, "10.0.9." + name.charAt(name.length() - 1));
        }
    }

    private static FaultSpec fault(String text) {
        return FaultParser.parse("test", 0, text).fault();
    }

    @Test
    void aNamedWorkerDropsEveryServerAndNoServerGetsARule() {
        ActiveFault cut = nemesis.inject(fault("partition workers worker-2"));
        assertEquals(List.of("10.0.0.1", "10.0.0.2", "10.0.0.3"), w2.dropped);
        assertEquals(List.of(), w1.dropped);
        assertEquals(List.of(), a.dropped, "servers are not touched");
        assertEquals("start-partition {:shape \"workers\", :components [[\"worker-2\"] [\"zk-1\" \"zk-2\" \"zk-3\"]], "
                + ":bridge nil}", recorder.ops.get(0));
        cut.close();
        assertEquals(List.of(), w2.dropped);
        assertEquals("stop-partition", recorder.ops.get(1).split(" ")[0]);
    }

    @Test
    void fromNamedServersTheWorkerDropsOnlyThoseAndTheOthersKeepEverything() {
        ActiveFault cut = nemesis.inject(fault("partition workers worker-1 from zk-2,zk-3"));
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), w1.dropped);
        assertEquals(List.of(), w2.dropped);
        assertEquals(List.of(), a.dropped, "servers are not touched");
        assertEquals(List.of(), b.dropped, "servers are not touched");
        assertEquals("start-partition {:shape \"workers\", :components [[\"worker-1\"] [\"zk-2\" \"zk-3\"]], "
                + ":bridge nil}", recorder.ops.get(0));
        cut.close();
        assertEquals(List.of(), w1.dropped);
        assertEquals("stop-partition {:shape \"workers\", :components [[\"worker-1\"] [\"zk-2\" \"zk-3\"]], "
                + ":bridge nil}", recorder.ops.get(1));
    }

    @Test
    void fromOnlyNamesLockServiceNodesOfThisCluster() {
        for (String bad : List.of("worker-2", "storage")) {
            FaultNotSupportedException e = assertThrows(FaultNotSupportedException.class,
                    () -> nemesis.inject(fault("partition workers worker-1 from zk-1," + bad)));
            assertEquals("'partition workers worker-1 from zk-1," + bad + "': " + bad + " is not a lock-service node; "
                    + "workers can be cut off from [zk-1, zk-2, zk-3]", e.getMessage());
        }
        FaultNotSupportedException unknown = assertThrows(FaultNotSupportedException.class,
                () -> nemesis.inject(fault("partition workers worker-1 from zk-9")));
        assertTrue(unknown.getMessage().startsWith("no node 'zk-9' in this cluster"), unknown.getMessage());
        assertEquals(List.of(), w1.dropped, "a refused partition adds no rule");
        assertTrue(recorder.ops.isEmpty(), recorder.ops.toString());
    }

    @Test
    void withoutTargetsEveryWorkerIsCutOffAndHealAllSweepsWorkersToo() {
        nemesis.inject(fault("partition workers"));
        assertEquals(3, w1.dropped.size());
        assertEquals(3, w2.dropped.size());
        w1.dropped.add("10.0.0.7");
        nemesis.healAll();
        assertEquals(List.of(), w1.dropped, "the sweep removed a rule no fault accounts for");
        assertTrue(recorder.ops.get(recorder.ops.size() - 1).contains(":unpartitioned [\"worker-1\"]"),
                recorder.ops.toString());
    }

    @Test
    void halvesBridgeAndIsolateStayAmongTheServers() {
        for (String shape : List.of("halves", "bridge", "isolate zk-1")) {
            try (ActiveFault cut = nemesis.inject(fault("partition " + shape))) {
                assertEquals(List.of(), w1.dropped, shape);
                assertTrue(recorder.ops.get(recorder.ops.size() - 1).contains("\"zk-"), recorder.ops.toString());
                assertTrue(!recorder.ops.get(recorder.ops.size() - 1).contains("worker")
                        && !recorder.ops.get(recorder.ops.size() - 1).contains("storage"), recorder.ops.toString());
            }
        }
        FaultNotSupportedException worker = assertThrows(FaultNotSupportedException.class,
                () -> nemesis.inject(fault("partition isolate worker-1")));
        assertTrue(worker.getMessage().contains("'partition workers worker-1'"), worker.getMessage());
        assertEquals(List.of("zk-1", "zk-2", "zk-3"), nemesis.menu().offered(FaultKind.PARTITION));
    }

    @Test
    void aClusterWithoutWorkersRefusesAndNamesWhereItWorks() {
        NodeNemesis servers = new NodeNemesis(FakeTargets.of(a, b, c), recorder, 1);
        FaultNotSupportedException none = assertThrows(FaultNotSupportedException.class,
                () -> servers.inject(fault("partition workers")));
        assertTrue(none.getMessage().contains("no workers"), none.getMessage());
        assertThrows(FaultNotSupportedException.class, () -> nemesis.inject(fault("partition workers zk-1")));
    }
}
