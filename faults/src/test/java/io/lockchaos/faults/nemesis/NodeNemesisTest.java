package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.faults.schedule.CpuShare;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.testkit.Await;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeNemesisTest {

    private final FakeNode a = new FakeNode("redis-1", "10.0.0.1");
    private final FakeNode b = new FakeNode("redis-2", "10.0.0.2");
    private final FakeNode c = new FakeNode("redis-3", "10.0.0.3");
    private final MemoryRecorder recorder = new MemoryRecorder();
    private final NodeNemesis nemesis = new NodeNemesis(FakeTargets.of(a, b, c), recorder, 1);

    private static FaultSpec fault(String text) {
        return FaultParser.parse("test", 0, text).fault();
    }

    @Test
    void closingAPauseResumesOnceAndRecordsBoth() {
        ActiveFault pause = nemesis.inject(fault("pause redis-1,redis-2"));
        assertTrue(a.paused && b.paused);
        pause.close();
        pause.close();
        assertFalse(a.paused || b.paused);
        assertEquals(List.of("pause", "resume"), a.actions);
        assertEquals(List.of("start-pause {:targets [\"redis-1\" \"redis-2\"]}",
                "stop-pause {:targets [\"redis-1\" \"redis-2\"]}"), recorder.ops);
    }

    @Test
    void aClockBumpAddsToTheCurrentOffsetAndHealsBackToIt() {
        a.offset = Duration.ofSeconds(5);
        try (ActiveFault bump = nemesis.inject(fault("clock redis-1 +120s"))) {
            assertEquals(Duration.ofSeconds(125), a.offset);
        }
        assertEquals(Duration.ofSeconds(5), a.offset);
        assertEquals("start-clock {:targets [\"redis-1\"], :clocks [{:node \"redis-1\", :old \"+5s\", :new \"+125s\"}]}",
                recorder.ops.get(0));
        assertTrue(recorder.ops.get(1).contains(":old \"+125s\", :new \"+5s\""), recorder.ops.get(1));
    }

    @Test
    void overlappingBumpsOfOneNodeHealInEitherOrderBackToWhereTheyStarted() {
        ActiveFault first = nemesis.inject(fault("clock redis-1 -239s"));
        ActiveFault second = nemesis.inject(fault("clock redis-1 -204s"));
        assertEquals(Duration.ofSeconds(-443), a.offset);
        first.close(); // the first heal runs before the second: the order a late heal gives
        assertEquals(Duration.ofSeconds(-204), a.offset);
        second.close();
        assertEquals(Duration.ZERO, a.offset, "no skew is left behind when the heals cross");
        assertTrue(recorder.ops.get(2).contains(":old \"-443s\", :new \"-204s\""), recorder.ops.get(2));
    }

    @Test
    void aStarvationCapsEachTargetAndItsHealPutsBackTheLimitEachHad() {
        b.cpu = Optional.of(CpuShare.percent(50));
        ActiveFault starved = nemesis.inject(fault("starve redis-1,redis-2 5%"));
        assertEquals(Optional.of(CpuShare.percent(5)), a.cpu);
        assertEquals(Optional.of(CpuShare.percent(5)), b.cpu);
        assertEquals(Optional.empty(), c.cpu);
        starved.close();
        assertEquals(Optional.empty(), a.cpu);
        assertEquals(Optional.of(CpuShare.percent(50)), b.cpu, "the limit it had before, not none");
        assertEquals(List.of("start-starve", "stop-starve"), recorder.fs());
        assertTrue(recorder.ops.get(0).startsWith("start-starve {:targets [\"redis-1\" \"redis-2\"], :share \"5%\", "
                + ":limits [{:node \"redis-1\", :old nil, :new \"5%\"} {:node \"redis-2\", :old \"50%\", :new \"5%\"}]"), recorder.ops.get(0));
        c.cpu = Optional.of(new CpuShare(3));
        nemesis.healAll();
        assertEquals(Optional.empty(), c.cpu);
        assertEquals(Optional.empty(), b.cpu, "the sweep lifts every limit: lockchaos starts nodes unlimited");
        assertTrue(recorder.ops.get(2).contains(":cpu-unlimited [\"redis-2\" \"redis-3\"]"), recorder.ops.get(2));
    }

    @Test
    void theSweepGivesAStarvedNodeItsSpeedBackBeforeAskingItAnythingElse() {
        // A node starved to 0.3 % answers every docker exec slowly: the other sweeps ask it after the quota is gone.
        c.cpu = Optional.of(new CpuShare(3));
        c.paused = true;
        nemesis.healAll();
        assertEquals(List.of("cpu unlimited", "asked paused", "resume"), c.actions.subList(0, 3), c.actions.toString());
        assertTrue(recorder.ops.get(0).startsWith("heal-all {:cpu-unlimited [\"redis-3\"], :resumed [\"redis-3\"]"),
                recorder.ops.get(0));
    }

    @Test
    void isolationDropsBothWaysAndTheHealRemovesExactlyItsRules() {
        c.dropped.add("10.0.0.1");
        ActiveFault cut = nemesis.inject(fault("partition isolate redis-1"));
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), a.dropped);
        assertEquals(List.of("10.0.0.1"), b.dropped);
        assertEquals(List.of("10.0.0.1", "10.0.0.1"), c.dropped);
        cut.close();
        assertEquals(List.of(), a.dropped);
        assertEquals(List.of("10.0.0.1"), c.dropped, "a rule the partition did not add stays until healAll");
        assertTrue(recorder.ops.get(0).startsWith("start-partition {:shape \"isolate\", :components [[\"redis-1\"]"
                + " [\"redis-2\" \"redis-3\"]]"), recorder.ops.get(0));
    }

    @Test
    void healAllHealsFaultsInForceAndSweepsWhatNoFaultAccountsFor() {
        nemesis.inject(fault("kill redis-2"));
        nemesis.inject(fault("partition halves"));
        c.paused = true;
        c.offset = Duration.ofSeconds(-30);
        nemesis.healAll();
        nemesis.healAll();
        for (FakeNode n : List.of(a, b, c)) {
            assertFalse(n.paused);
            assertTrue(n.running);
            assertTrue(n.offset.isZero());
            assertTrue(n.dropped.isEmpty());
        }
        assertEquals(List.of("start-kill", "start-partition", "stop-partition", "stop-kill", "heal-all", "heal-all"),
                recorder.fs());
        assertTrue(recorder.ops.get(4).contains(":resumed [\"redis-3\"]")
                && recorder.ops.get(4).contains(":clocks-reset [\"redis-3\"]"), recorder.ops.get(4));
    }

    @Test
    void killingAQuorumStartsEveryMemberBeforeWaitingForAny() {
        List.of(a, b, c).forEach(n -> n.quorum = List.of(a, b, c));
        ActiveFault kill = nemesis.inject(fault("kill redis-1,redis-2,redis-3"));
        assertFalse(a.running || b.running || c.running);
        kill.close();
        for (FakeNode n : List.of(a, b, c)) {
            assertEquals(List.of("kill", "start", "await"), n.actions, n.name());
        }
        assertTrue(recorder.ops.get(1).contains("redis-1=127.0.0.1:"), recorder.ops.get(1));
    }

    @Test
    void aFailedPauseResumesTheNodesItStopped() {
        b.failPause = new IllegalStateException("container gone");
        NemesisException e = assertThrows(NemesisException.class, () -> nemesis.inject(fault("pause redis-1,redis-2")));
        assertTrue(e.getMessage().contains("redis-2: container gone"), e.getMessage());
        assertFalse(a.paused);
        assertEquals(List.of(), recorder.ops);
    }

    @Test
    void unknownNodesAndMissingCapabilitiesAreNamed() {
        FaultNode storage = () -> "storage";
        NodeNemesis n = new NodeNemesis(FakeTargets.of(a, storage), recorder, 1);
        FaultNotSupportedException unknown = assertThrows(FaultNotSupportedException.class,
                () -> n.inject(fault("pause redis-9")));
        assertEquals("no node 'redis-9' in this cluster; its nodes are [redis-1, storage]", unknown.getMessage());
        FaultNotSupportedException storageCannot = assertThrows(FaultNotSupportedException.class,
                () -> n.inject(fault("kill storage")));
        assertEquals("node 'storage' cannot be killed; nodes that can: [redis-1]", storageCannot.getMessage());
        FaultNotSupportedException toxic = assertThrows(FaultNotSupportedException.class,
                () -> n.inject(fault("latency redis-1 200ms")));
        assertEquals("'latency redis-1 200ms': link toxics (latency, bandwidth, blackhole, reset-peer) need the proxy "
                + "in front of the nodes, and this cluster has no 'toxiproxy' node (a cluster started by an older "
                + "lockchaos: start it again)", toxic.getMessage());
        FaultNotSupportedException failover = assertThrows(FaultNotSupportedException.class,
                () -> n.inject(fault("failover")));
        assertTrue(failover.getMessage().contains("no primary"), failover.getMessage());
    }

    @Test
    void aFailoverByCommandWaitsForTheNewPrimary() {
        String[] primary = {"redis-1"};
        HasPrimary sentinel = new HasPrimary() {
            @Override
            public String primary() {
                return primary[0];
            }

            @Override
            public void requestFailover() {
                primary[0] = "redis-3";
            }
        };
        NodeNemesis n = new NodeNemesis(new FakeTargets(List.of(a, b, c), Optional.of(sentinel)), recorder, 1);
        assertEquals(List.of("redis-1", "redis-2", "redis-3"), n.menu().offered(FaultKind.FAILOVER),
                "a failover is offered, over the servers that may be the primary");
        n.inject(fault("failover command")).close();
        assertEquals(List.of("start-failover {:method \"command\", :old \"redis-1\", :new \"redis-3\"}",
                "stop-failover {:old \"redis-1\", :primary \"redis-3\"}"), recorder.ops);
    }

    @Test
    void aStrobeFlipsTheClockUntilHealedThenRestoresIt() {
        StrobeWatch a2 = new StrobeWatch();
        NodeNemesis n = new NodeNemesis(FakeTargets.of(a2), recorder, 1);
        ActiveFault strobe = n.inject(fault("clock redis-1 strobe 10s 5ms"));
        Await.until(Duration.ofSeconds(30), () -> "the strobe flipped the clock 4 times: " + a2.flips(), () -> a2.flips() >= 4);
        strobe.close();
        int flips = a2.flips();
        assertEquals(Duration.ZERO, a2.clockOffset());
        assertEquals(flips, a2.flips(), "no flip after the heal returned");
        assertEquals(List.of("start-clock-strobe", "stop-clock-strobe"), recorder.fs());
    }

    /** A clock-skewable node that counts offset changes, safely across threads. */
    private static final class StrobeWatch implements ClockSkewable {
        private final java.util.concurrent.atomic.AtomicInteger sets = new java.util.concurrent.atomic.AtomicInteger();
        private volatile Duration offset = Duration.ZERO;

        @Override
        public String name() {
            return "redis-1";
        }

        @Override
        public Duration clockOffset() {
            return offset;
        }

        @Override
        public void setClockOffset(Duration value) {
            offset = value;
            sets.incrementAndGet();
        }

        int flips() {
            return sets.get();
        }
    }

    @Test
    void theHistoryRecorderWritesNemesisInfoLines() {
        StringWriter out = new StringWriter();
        long[] now = {5};
        try (HistoryFaultRecorder history = new HistoryFaultRecorder(new JsonLinesHistoryWriter(out, "mem"),
                () -> now[0]++)) {
            NodeNemesis n = new NodeNemesis(FakeTargets.of(a), history, 1);
            n.inject(fault("pause redis-1")).close();
        }
        List<Op> ops = new JsonLinesHistoryReader().read("mem", new StringReader(out.toString())).ops();
        assertEquals(2, ops.size(), out.toString());
        assertEquals(new Op(0, 5, OpType.INFO, Process.NEMESIS, "start-pause", ops.get(0).value()), ops.get(0));
        assertEquals("stop-pause", ops.get(1).f());
        assertEquals(6, ops.get(1).time());
        assertEquals("{:targets [\"redis-1\"]}", ops.get(1).value().toString());
    }

    @Test
    void healAllRecordsTheToxicsAndProxiesTheLinkSweepFound() {
        ProxiedLinks links = new ProxiedLinks() {
            @Override
            public List<String> proxied() {
                return List.of("redis-1");
            }

            @Override
            public ActiveFault inject(FaultSpec.LinkToxic toxic, FaultRecorder r) {
                throw new AssertionError("not injected here");
            }

            @Override
            public io.lockchaos.history.Value.Dict healAll() {
                return io.lockchaos.history.Value.map("toxics-removed", NemesisOps.names(List.of("latency-1")),
                        "proxies-enabled", NemesisOps.names(List.of("redis-1")));
            }
        };
        FaultTargets withProxy = new FaultTargets() {
            @Override
            public List<FaultNode> nodes() {
                return List.of(a);
            }

            @Override
            public Optional<HasPrimary> primary() {
                return Optional.empty();
            }

            @Override
            public Optional<ProxiedLinks> links() {
                return Optional.of(links);
            }
        };
        new NodeNemesis(withProxy, recorder, 1).healAll();
        assertEquals(1, recorder.ops.size(), recorder.ops.toString());
        assertTrue(recorder.ops.get(0).startsWith("heal-all {:cpu-unlimited [], :resumed [], :started [], "
                + ":clocks-reset [], :unpartitioned [], :toxics-removed"), recorder.ops.get(0));
        assertTrue(recorder.ops.get(0).contains(":proxies-enabled"), recorder.ops.get(0));
    }
}
