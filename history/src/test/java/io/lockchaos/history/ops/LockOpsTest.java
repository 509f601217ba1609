package io.lockchaos.history.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LockOpsTest {

    @Test
    void valuesAreSpelledAsTheDesignSays() {
        assertEquals("{:lock \"job-0\", :token 34}", LockOps.lock("job-0", OptionalLong.of(34)).toString());
        assertEquals("{:lock \"job-0\"}", LockOps.lock("job-0", OptionalLong.empty()).toString());
        assertEquals("{:key \"job-0\", :token 34, :last nil}",
                LockOps.read("job-0", OptionalLong.of(34), Optional.of(Optional.empty())).toString());
        assertEquals("{:key \"job-0\", :token 34, :id \"e-3-12\", :prev \"e-3-11\"}",
                LockOps.append("job-0", OptionalLong.of(34), "e-3-12", Optional.of("e-3-11")).toString());
        assertEquals("{:key \"job-0\", :fencing \"fenced-writes-only\", :entries [{:id \"e-1-1\", :prev nil, :process 1}]}",
                LockOps.readAll("job-0", Fencing.WRITES_ONLY,
                        List.of(LockOps.entry("e-1-1", Optional.empty(), OptionalLong.empty(), 1))).toString());
    }

    @Test
    void aLossNoticeNamesItsHolderAndIsAnEventOfItsOwn() {
        Value notice = LockOps.lossNotice("job-0", OptionalLong.of(34), 3, "suspended");
        assertEquals("{:lock \"job-0\", :token 34, :process 3, :reason \"suspended\"}", notice.toString());
        Op told = new Op(0, 5, OpType.INFO, LockOps.NOTICE, LockOps.LOSS_NOTICE, notice);
        assertTrue(LockOps.isLossNotice(told));
        assertFalse(LockOps.isLossNotice(new Op(0, 5, OpType.INFO, Process.client(3), LockOps.LOSS_NOTICE, notice)));
        io.lockchaos.history.History h = io.lockchaos.history.History.of(List.of(
                new Op(0, 1, OpType.INVOKE, Process.client(3), LockOps.APPEND, notice), told,
                new Op(0, 9, OpType.OK, Process.client(3), LockOps.APPEND, notice)));
        assertEquals(2, h.operations().size(), "the notice does not complete the holder's append");
        assertEquals(1, h.clientOperations().size());
    }

    @Test
    void readersTakeBackWhatBuildersWrote() {
        Value release = LockOps.lock("job-1", OptionalLong.of(7));
        assertEquals(Optional.of("job-1"), LockOps.lockOrKey(release));
        assertEquals(Optional.of(7L), LockOps.token(release));
        Value read = LockOps.read("job-2", OptionalLong.empty(), Optional.empty());
        assertEquals(Optional.of("job-2"), LockOps.lockOrKey(read));
        assertEquals(Optional.empty(), LockOps.token(read));
        assertSame(LockOps.Field.TOKEN.keyword(), LockOps.Field.TOKEN.keyword(), "one shared keyword");
    }

    @Test
    void theStaleTokenErrorIsKnownAsKeywordOrString() {
        assertTrue(LockOps.isStaleToken(LockOps.STALE_TOKEN));
        assertTrue(LockOps.isStaleToken(Value.of("stale-token")));
        assertFalse(LockOps.isStaleToken(LockOps.NOT_HELD));
    }

    @Test
    void anOpBuiltFromTheSchemaSurvivesJsonLines() {
        Value append = LockOps.append("job-0", OptionalLong.of(34), "e-3-12", Optional.empty());
        Op invoked = new Op(0, 11, OpType.INVOKE, Process.client(3), LockOps.APPEND, append, Value.NIL, Map.of());
        Op appended = new Op(1, 12, OpType.OK, Process.client(3), LockOps.APPEND, append, Value.NIL, Map.of());
        Op healed = new Op(2, 13, OpType.INFO, Process.NEMESIS, NemesisOps.HEAL_ALL,
                NemesisOps.targets(List.of("redis-1", "redis-2")), Value.NIL, Map.of());
        StringWriter text = new StringWriter();
        try (JsonLinesHistoryWriter out = new JsonLinesHistoryWriter(text, "mem")) {
            out.writeAll(List.of(invoked, appended, healed));
        }
        List<Op> back = new JsonLinesHistoryReader().readString("mem", text.toString()).ops();
        assertEquals(appended.value(), back.get(1).value());
        assertEquals(LockOps.APPEND, back.get(1).f());
        assertEquals(healed.value(), back.get(2).value());
    }

    @Test
    void aReentryIsMarkedOnItsValueAndSurvivesBothFormats() {
        Value asked = LockOps.reentry(LockOps.lock("job-0", OptionalLong.empty()));
        Value granted = LockOps.reentry(LockOps.lock("job-0", OptionalLong.of(34)));
        assertEquals("{:lock \"job-0\", :token 34, :reentry true}", granted.toString());
        assertTrue(LockOps.isReentry(granted));
        assertFalse(LockOps.isReentry(LockOps.lock("job-0", OptionalLong.of(34))));
        assertFalse(LockOps.isReentry(Value.NIL));
        Op invoked = new Op(0, 11, OpType.INVOKE, Process.client(3), LockOps.ACQUIRE, asked, Value.NIL, Map.of());
        Op ok = new Op(1, 12, OpType.OK, Process.client(3), LockOps.ACQUIRE, granted, Value.NIL, Map.of());
        StringWriter text = new StringWriter();
        try (JsonLinesHistoryWriter out = new JsonLinesHistoryWriter(text, "mem")) {
            out.writeAll(List.of(invoked, ok));
        }
        assertTrue(text.toString().contains("\"reentry\":true"), text.toString());
        List<Op> back = new JsonLinesHistoryReader().readString("mem", text.toString()).ops();
        assertTrue(LockOps.isReentry(back.get(0).value()) && LockOps.isReentry(back.get(1).value()));
        assertEquals(Optional.of(34L), LockOps.token(back.get(1).value()));
        assertTrue(io.lockchaos.history.format.EdnHistoryWriter.toEdn(ok).contains(":reentry true"),
                io.lockchaos.history.format.EdnHistoryWriter.toEdn(ok));
    }

    @Test
    void nemesisBandsAndOffsets() {
        assertEquals("start-pause", NemesisOps.start("pause"));
        assertEquals(Optional.of("clock-strobe"), NemesisOps.stopped(NemesisOps.stop("clock-strobe")));
        assertEquals(Optional.empty(), NemesisOps.started(NemesisOps.HEAL_ALL));
        assertEquals("+120s", NemesisOps.offset(java.time.Duration.ofSeconds(120)));
        assertEquals("-1500ms", NemesisOps.offset(java.time.Duration.ofMillis(-1500)));
    }

    @Test
    void fencingModesByTheNamesScenarioFilesUse() {
        assertEquals(Optional.of(Fencing.WRITES_ONLY), Fencing.byId("fenced-writes-only"));
        assertEquals(Optional.empty(), Fencing.byId("strict"));
        assertEquals("unfenced, fenced, fenced-writes-only, guarded", Fencing.ids());
        assertFalse(Fencing.UNFENCED.needsTokens());
        assertTrue(Fencing.WRITES_ONLY.fencesAppends() && !Fencing.WRITES_ONLY.fencesReads());
    }
}
