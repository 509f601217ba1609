package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An in-process lock for the loop's unit tests: grants at once with increasing tokens, or
 * plays a scripted outcome ({@link #then}) for the next acquire.
 */
final class FakeLock implements LockClient {

    /** What the next acquire does. */
    enum Next { GRANT, REFUSE, UNSURE, THROW, GRANT_LOST, GRANT_TOLD_LOST,
        /** A reentrant lock's answer to its holder: granted with the last grant's token. */
        GRANT_AGAIN }

    private final Deque<Next> script = new ArrayDeque<>();
    private long token;
    private boolean releaseThrows;
    private Runnable whenScriptDone;
    int acquires;
    int releases;

    FakeLock then(Next... next) {
        script.addAll(java.util.List.of(next));
        return this;
    }

    /** Once the script is played, the next acquire runs {@code action} and is refused. */
    FakeLock whenScriptDone(Runnable action) {
        whenScriptDone = action;
        return this;
    }

    FakeLock releaseThrows() {
        releaseThrows = true;
        return this;
    }

    @Override
    public String backend() {
        return "fake";
    }

    @Override
    public synchronized Acquisition acquire(String lock, Duration timeout) {
        acquires++;
        if (script.isEmpty() && whenScriptDone != null) {
            whenScriptDone.run();
            return Acquisition.refused("timeout");
        }
        Next next = script.isEmpty() ? Next.GRANT : script.poll();
        switch (next) {
            case REFUSE:
                return Acquisition.refused("timeout");
            case UNSURE:
                return Acquisition.unknown("timeout");
            case THROW:
                throw new IllegalStateException("connection reset");
            case GRANT_AGAIN:
                return Acquisition.granted(new Grant(lock, OptionalLong.of(token), Optional.empty(), System.nanoTime(),
                        GrantWatch.NEVER, () -> true));
            case GRANT_TOLD_LOST:
                return Acquisition.granted(new Grant(lock, OptionalLong.of(++token), Optional.empty(), System.nanoTime(),
                        new GrantWatch() {
                            @Override
                            public boolean definitelyLost() {
                                return true;
                            }

                            @Override
                            public void whenLost(io.lockchaos.workloads.lock.LossListener listener) {
                                new Thread(() -> listener.lost("suspended"), "fake-notice").start();
                            }
                        }, () -> true));
            default:
                AtomicBoolean lost = new AtomicBoolean(next == Next.GRANT_LOST);
                return Acquisition.granted(new Grant(lock, OptionalLong.of(++token), Optional.empty(), System.nanoTime(),
                        (GrantWatch) lost::get, () -> true));
        }
    }

    @Override
    public synchronized boolean release(Grant grant) {
        releases++;
        if (releaseThrows) {
            throw new IllegalStateException("release timed out");
        }
        return grant.handle().release();
    }

    @Override
    public void close() {
    }
}
