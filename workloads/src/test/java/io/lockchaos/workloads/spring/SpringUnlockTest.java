package io.lockchaos.workloads.spring;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.QueryTimeoutException;

/** How RedisLockRegistry's unlock outcomes become the SPI's: released, certainly not held, or unknown. */
class SpringUnlockTest {

    @Test
    void anUnlockThatReturnsReleasedTheLock() {
        assertTrue(SpringUnlock.released(() -> { }));
    }

    @Test
    void theExpiredKeyMessageIsCertainlyNotHeld() {
        assertFalse(SpringUnlock.released(() -> {
            throw new ConcurrentModificationException("Lock was released in the store due to expiration. "
                    + "The integrity of data protected by this lock may have been compromised.");
        }));
    }

    @Test
    void anyOtherFailureIsUnknownAndRethrown() {
        RuntimeException timeout = new QueryTimeoutException("Redis command timed out");
        assertSame(timeout, assertThrows(QueryTimeoutException.class, () -> SpringUnlock.released(() -> {
            throw timeout;
        })));
        assertThrows(IllegalStateException.class, () -> SpringUnlock.released(() -> {
            throw new IllegalStateException("You do not own lock at lock:job-0");
        }), "another thread's unlock says nothing about the key");
        assertThrows(ConcurrentModificationException.class, () -> SpringUnlock.released(() -> {
            throw new ConcurrentModificationException("something else");
        }));
    }
}
