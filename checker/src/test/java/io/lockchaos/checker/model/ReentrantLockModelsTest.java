package io.lockchaos.checker.model;

import static io.lockchaos.checker.model.LockSteps.P3;
import static io.lockchaos.checker.model.LockSteps.P5;
import static io.lockchaos.checker.model.LockSteps.acquire;
import static io.lockchaos.checker.model.LockSteps.next;
import static io.lockchaos.checker.model.LockSteps.reason;
import static io.lockchaos.checker.model.LockSteps.release;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The reentrant models step by step, against the plain ones on the same calls. */
class ReentrantLockModelsTest {

    @Test
    void theHolderMayAcquireAgainOnlyInTheReentrantModels() {
        OwnerMutexModel owner = new OwnerMutexModel();
        assertTrue(reason(owner.step(next(owner.step(owner.init(), acquire(P3, 34))), acquire(P3, 34)))
                .contains("already held by process 3"));
        FencedMutexModel fenced = new FencedMutexModel();
        assertTrue(reason(fenced.step(next(fenced.step(fenced.init(), acquire(P3, 34))), acquire(P3, 34)))
                .contains("not larger than token 34"));

        ReentrantMutexModel reentrant = new ReentrantMutexModel();
        ReentrantMutexModel.State twice = next(reentrant.step(next(reentrant.step(reentrant.init(), acquire(P3, 34))),
                acquire(P3, 34)));
        assertEquals(2, twice.depth());
        ReentrantMutexModel.State once = next(reentrant.step(twice, release(P3)));
        assertEquals(new ReentrantMutexModel.State(new LockState.Held(P3), 1), once, "one release: still held");
        assertEquals(reentrant.init(), next(reentrant.step(once, release(P3))), "the second frees it");
        assertTrue(reason(reentrant.step(reentrant.init(), release(P3))).contains("was not held"));
    }

    @Test
    void anotherOwnerStaysImpossibleInTheReentrantModels() {
        ReentrantMutexModel reentrant = new ReentrantMutexModel();
        ReentrantMutexModel.State held = next(reentrant.step(reentrant.init(), acquire(P3, 34)));
        assertTrue(reason(reentrant.step(held, acquire(P5, 35))).contains("already held by process 3"));
        assertTrue(reason(reentrant.step(held, release(P5))).contains("held by process 3"));
        ReentrantFencedMutexModel fenced = new ReentrantFencedMutexModel();
        ReentrantFencedMutexModel.State fencedHeld = next(fenced.step(fenced.init(), acquire(P3, 34)));
        assertTrue(reason(fenced.step(fencedHeld, acquire(P5, 35))).contains("already held by process 3"));
    }

    @Test
    void aReentryMustGetTheSameFenceAndANewHoldALargerOne() {
        ReentrantFencedMutexModel fenced = new ReentrantFencedMutexModel();
        ReentrantFencedMutexModel.State held = next(fenced.step(fenced.init(), acquire(P3, 34)));
        assertTrue(reason(fenced.step(held, acquire(P3, 35))).contains("must get that token back"));
        ReentrantFencedMutexModel.State twice = next(fenced.step(held, acquire(P3, 34)));
        ReentrantFencedMutexModel.State free = next(fenced.step(next(fenced.step(twice, release(P3))), release(P3)));
        assertEquals(0, free.lock().depth());
        assertTrue(reason(fenced.step(free, acquire(P5, 34))).contains("not larger than token 34"));
        assertEquals(OptionalLong.of(40), ((ReentrantFencedMutexModel.State) next(fenced.step(free, acquire(P5, 40))))
                .holdToken());
        LockCall unseen = new LockCall.Acquire("job-0", P5, OptionalLong.empty());
        ReentrantFencedMutexModel.State unseenHold = next(fenced.step(free, unseen));
        assertTrue(reason(fenced.step(unseenHold, acquire(P5, 30))).contains("not larger than token 34"),
                "a hold's first token seen on a reentry is compared as a new hold's");
    }

    @Test
    void theModelsAreKnownByName() {
        assertEquals("reentrant-mutex", Models.byName("reentrant-mutex").name());
        assertEquals("reentrant-fenced-mutex", Models.byName("reentrant-fenced-mutex").name());
    }
}
