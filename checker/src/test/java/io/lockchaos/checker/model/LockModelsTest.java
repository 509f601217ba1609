package io.lockchaos.checker.model;

import static io.lockchaos.checker.model.LockSteps.P3;
import static io.lockchaos.checker.model.LockSteps.P5;
import static io.lockchaos.checker.model.LockSteps.acquire;
import static io.lockchaos.checker.model.LockSteps.next;
import static io.lockchaos.checker.model.LockSteps.reason;
import static io.lockchaos.checker.model.LockSteps.release;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.linear.Linearizability;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LockModelsTest {

    @Test
    void mutexRefusesASecondGrantAndAReleaseOfAFreeLock() {
        MutexModel mutex = new MutexModel();
        LockState held = next(mutex.step(mutex.init(), acquire(P3, 1)));
        assertEquals(new LockState.Held(P3), held);
        assertTrue(reason(mutex.step(held, acquire(P5, 2))).contains("job-0 is already held by process 3"));
        assertTrue(reason(mutex.step(mutex.init(), release(P3))).contains("was not held"));
        assertEquals(LockState.FREE, next(mutex.step(held, release(P5))), "a plain mutex lets anyone release");
    }

    @Test
    void ownerMutexLetsOnlyTheHolderRelease() {
        OwnerMutexModel owner = new OwnerMutexModel();
        LockState held = next(owner.step(owner.init(), acquire(P3, 1)));
        assertTrue(reason(owner.step(held, release(P5))).contains("held by process 3"));
        assertEquals(LockState.FREE, next(owner.step(held, release(P3))));
    }

    @Test
    void fencedMutexNeedsEachGrantsTokenAboveTheLast() {
        FencedMutexModel fenced = new FencedMutexModel();
        FencedMutexModel.State afterFirst = next(fenced.step(fenced.init(), acquire(P3, 34)));
        FencedMutexModel.State free = next(fenced.step(afterFirst, release(P3)));
        assertTrue(reason(fenced.step(free, acquire(P5, 34))).contains("not larger than token 34"));
        assertTrue(reason(fenced.step(free, acquire(P5, 20))).contains("not larger than token 34"));
        assertEquals(OptionalLong.of(35), ((FencedMutexModel.State) next(fenced.step(free, acquire(P5, 35)))).lastToken());
        LockCall unseen = new LockCall.Acquire("job-0", P5, OptionalLong.empty());
        assertEquals(OptionalLong.of(34), ((FencedMutexModel.State) next(fenced.step(free, unseen))).lastToken(),
                "a grant without a token cannot be compared and leaves the last token alone");
        assertTrue(reason(fenced.step(afterFirst, acquire(P5, 40))).contains("already held"));
    }

    private static Operation op(OpType outcome, String f, Value input, Value output) {
        Op invoke = new Op(0, 1, OpType.INVOKE, P3, f, input);
        return new Operation(0, invoke, outcome == null ? null : new Op(1, 2, outcome, P3, f, output));
    }

    @Test
    void preparingDropsFailuresAndKeepsIndeterminateCallsWithoutToken() {
        OwnerMutexModel owner = new OwnerMutexModel();
        Value lock = Value.map("lock", "job-7");
        Value granted = Value.map("lock", "job-7", "token", 9);
        assertEquals(Optional.of(new LockCall.Acquire("job-7", P3, OptionalLong.of(9))),
                owner.prepare(op(OpType.OK, "acquire", lock, granted)));
        assertEquals(Optional.empty(), owner.prepare(op(OpType.FAIL, "acquire", lock, lock)));
        assertEquals(Optional.empty(), owner.prepare(op(OpType.FAIL, "release", granted, granted)));
        assertEquals(Optional.of(new LockCall.Acquire("job-7", P3, OptionalLong.empty())),
                owner.prepare(op(OpType.INFO, "acquire", lock, lock)));
        assertEquals(Optional.of(new LockCall.Release("job-7", P3, OptionalLong.of(9))),
                owner.prepare(op(null, "release", granted, null)));
        assertEquals("job-7", owner.partition(op(OpType.OK, "acquire", lock, granted)));
        assertEquals(Model.WHOLE, owner.partition(op(OpType.OK, "acquire", Value.NIL, Value.NIL)));
        ModelException e = assertThrows(ModelException.class,
                () -> owner.prepare(op(OpType.OK, "append", lock, lock)));
        assertTrue(e.getMessage().contains("model owner-mutex: the operation has :f :append; a lock model knows :acquire and :release"), e.getMessage());
    }

    @Test
    void theRegistryKnowsTheLockModels() {
        assertInstanceOf(MutexModel.class, Models.byName("mutex"));
        assertInstanceOf(OwnerMutexModel.class, Models.byName("owner-mutex"));
        assertInstanceOf(FencedMutexModel.class, Models.byName("fenced-mutex"));
    }

    @Test
    void onlyTheFencedModelSeesARepeatedTokenThroughTheSearch() throws URISyntaxException {
        Path file = Path.of(LockModelsTest.class.getResource("/lock/token-regression.edn").toURI());
        History lockOnly = History.of(file.toString(), HistoryFormats.read(file).ops().stream()
                .filter(o -> o.f().equals("acquire") || o.f().equals("release")).toList());
        CheckOptions options = CheckOptions.defaults();
        assertEquals(Validity.VALID, Linearizability.check(lockOnly, new OwnerMutexModel(), options).valid());
        var fenced = Linearizability.check(lockOnly, new FencedMutexModel(), options);
        assertEquals(Validity.INVALID, fenced.valid());
        assertTrue(fenced.counterexamples().get(0).explanation().contains("not larger than token 35"),
                fenced.counterexamples().get(0).explanation());
    }
}
