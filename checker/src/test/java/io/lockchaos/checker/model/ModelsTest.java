package io.lockchaos.checker.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModelsTest {

    private static Operation op(String f, Value input, OpType type, Value output, Map<String, Value> extra) {
        Op invoke = new Op(0, Op.NO_TIME, OpType.INVOKE, Process.client(1), f, input, Value.NIL, extra);
        Op done = type == null ? null : new Op(1, Op.NO_TIME, type, Process.client(1), f, output, Value.NIL, extra);
        return new Operation(0, invoke, done);
    }

    private static Operation op(String f, Value input, OpType type, Value output) {
        return op(f, input, type, output, Map.of());
    }

    @Test
    void registryKnowsTheNamesAndListsThemForAnUnknownOne() {
        assertEquals(List.of("register", "cas-register", "cas-register-strict", "kv", "multi-register", "keyed-register",
                "keyed-cas-register", "keyed-cas-register-strict", "mutex", "owner-mutex", "fenced-mutex", "reentrant-mutex",
                "reentrant-fenced-mutex"), Models.names());
        assertEquals("keyed-cas-register", Models.byName("keyed-cas-register").name());
        ModelException e = assertThrows(ModelException.class, () -> Models.byName("mutexx"));
        assertTrue(e.getMessage().contains("'mutexx'") && e.getMessage().contains("register, cas-register, cas-register-strict, kv"),
                e.getMessage());
    }

    @Test
    void casRegisterDropsEveryFailedOperation() {
        CasRegisterModel m = new CasRegisterModel();
        Value pair = Value.vec(Value.of(1), Value.of(2));
        assertEquals(Optional.empty(), m.prepare(op("cas", pair, OpType.FAIL, pair)), "a failed cas did not happen");
        assertEquals(Optional.empty(), m.prepare(op("write", Value.of(3), OpType.FAIL, Value.of(3))));
        assertEquals(Optional.empty(), m.prepare(op("read", Value.NIL, OpType.FAIL, Value.of(3))),
                "a failed read's value says nothing");
        assertEquals(Optional.empty(), m.prepare(op("read", Value.NIL, OpType.INFO, Value.of(3))));
        assertEquals(Value.of(0), m.startingAt(Value.of(0)).init());
        assertEquals("cas-register", m.startingAt(Value.of(0)).name());
    }

    @Test
    void strictCasRegisterKeepsAFailedCasAndDropsAFailedRead() {
        CasRegisterModel m = CasRegisterModel.strict();
        assertEquals("cas-register-strict", m.name());
        Value pair = Value.vec(Value.of(1), Value.of(2));
        RegisterCall failed = m.prepare(op("cas", pair, OpType.FAIL, pair)).orElseThrow();
        assertInstanceOf(Step.Inconsistent.class, m.step(Value.of(1), failed), "a failed cas cannot see its from");
        assertEquals(Step.next(Value.of(3)), m.step(Value.of(3), failed));
        assertEquals(Optional.empty(), m.prepare(op("read", Value.NIL, OpType.FAIL, Value.kw("timed-out"))));
        RegisterCall unknown = m.prepare(op("cas", pair, OpType.INFO, Value.kw("timed-out"))).orElseThrow();
        assertEquals(Step.next(Value.of(2)), m.step(Value.of(1), unknown));
        assertEquals(Step.next(Value.of(5)), m.step(Value.of(5), unknown));
        assertEquals(Step.next(Value.NIL), m.step(m.init(), m.prepare(op("read", Value.NIL, OpType.OK, Value.NIL))
                .orElseThrow()), "reading nil reads the absent register");
    }

    @Test
    void anIndeterminateWriteTakesItsInvocationsValue() {
        RegisterModel m = new RegisterModel();
        RegisterCall write = m.prepare(op("write", Value.of(4), OpType.INFO, Value.kw("timed-out"))).orElseThrow();
        assertEquals(new RegisterCall.Write(Value.of(4)), write);
        assertEquals(new RegisterCall.Write(Value.of(4)), m.prepare(op("write", Value.of(4), null, null)).orElseThrow());
        ModelException e = assertThrows(ModelException.class,
                () -> m.prepare(op("cas", Value.vec(Value.of(1), Value.of(2)), OpType.OK, Value.NIL)));
        assertTrue(e.getMessage().contains("cas-register"), e.getMessage());
    }

    @Test
    void kvReadsTheKeyFromTheEventOrTheValueMap() {
        KvModel m = new KvModel();
        Operation fromEvent = op("append", Value.of("x 1 0 y"), OpType.OK, Value.of("x 1 0 y"),
                Map.of("key", Value.of("3")));
        assertEquals("3", m.partition(fromEvent));
        assertEquals(new KvCall.Append("x 1 0 y"), m.prepare(fromEvent).orElseThrow());
        Operation fromMap = op("put", Value.map("key", "7", "value", "v"), OpType.OK, Value.map("key", "7", "value", "v"));
        assertEquals("7", m.partition(fromMap));
        assertEquals(new KvCall.Put("v"), m.prepare(fromMap).orElseThrow());
        assertEquals(Step.next(KvValue.of("ab")), m.step(KvValue.of("a"), new KvCall.Append("b")));
        assertInstanceOf(Step.Inconsistent.class, m.step(KvValue.of("a"), new KvCall.Get("")));
        assertThrows(ModelException.class, () -> m.prepare(op("get", Value.NIL, OpType.OK, Value.of(""))));
    }

    @Test
    void keyedModelsPartitionByKeyOrLockAndUnwrapTheValue() {
        Model<Value, RegisterCall> m = KeyedModel.of(new RegisterModel());
        Operation write = op("write", Value.map("key", "x", "value", 3), OpType.OK, Value.map("key", "x", "value", 3));
        assertEquals("x", m.partition(write));
        assertEquals(new RegisterCall.Write(Value.of(3)), m.prepare(write).orElseThrow());
        Operation byLock = op("write", Value.map("lock", "job-0", "value", 1), OpType.OK, Value.NIL);
        assertEquals("job-0", m.partition(byLock));
        Operation byExtra = op("read", Value.NIL, OpType.OK, Value.of(2), Map.of("key", Value.kw("k")));
        assertEquals("k", m.partition(byExtra));
        assertEquals(new RegisterCall.Read(Value.of(2)), m.prepare(byExtra).orElseThrow());
        ModelException e = assertThrows(ModelException.class,
                () -> m.prepare(op("read", Value.NIL, OpType.OK, Value.of(2))));
        assertTrue(e.getMessage().contains("no key"), e.getMessage());
    }
}
