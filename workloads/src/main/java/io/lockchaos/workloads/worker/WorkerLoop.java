package io.lockchaos.workloads.worker;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.Storage;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * One worker's cycles: acquire → read → think → append → release, each step recorded as an
 * invocation and its completion (see the package documentation for the outcome rules). With
 * {@link WorkerSettings#reenter()}: acquire → acquire again (a reentry) → read → think → append
 * → release the reentry → release. Runs on
 * the calling thread until the duration is over or {@link #stop()} is called; a cycle under way
 * when stopped still releases its grant.
 */
public final class WorkerLoop {

    private final WorkerSettings settings;
    private final LockClient locks;
    private final Storage storage;
    private final OpRecorder recorder;
    private final SplittableRandom random;
    private final Runnable afterRead;
    private volatile boolean stopped;
    private int processId;
    private int appends;

    public WorkerLoop(WorkerSettings settings, LockClient locks, Storage storage, OpRecorder recorder) {
        this(settings, locks, storage, recorder, () -> { });
    }

    /**
     * @param afterRead runs right after each read under a grant completed, before the think time
     *     (the worker process's {@link HoldAtRead})
     */
    WorkerLoop(WorkerSettings settings, LockClient locks, Storage storage, OpRecorder recorder, Runnable afterRead) {
        this.afterRead = afterRead;
        this.settings = settings;
        this.locks = locks;
        this.storage = storage;
        this.recorder = recorder;
        this.random = new SplittableRandom(settings.seed());
        this.processId = settings.process();
    }

    /** Asks the loop to start no new step; safe from any thread (a signal handler). */
    public void stop() {
        stopped = true;
    }

    public boolean stopped() {
        return stopped;
    }

    /** The process the worker is now (it changes after an indeterminate acquire or release). */
    public int process() {
        return processId;
    }

    /**
     * Runs cycles until the duration is over, {@link #stop()}, or the history is closed (then
     * the operation that would have come next is not started).
     */
    public void run() {
        long end = System.nanoTime() + settings.duration().toNanos();
        try {
            if (!settings.tick().isZero()) {
                ticks(end);
                return;
            }
            while (!stopped && System.nanoTime() - end < 0) {
                cycle(OptionalLong.empty());
                pause(settings.idle().isZero() ? 0 : random.nextLong(settings.idle().toNanos() + 1));
            }
        } catch (HistoryClosedException e) {
            stopped = true;
        }
    }

    /**
     * A scheduled job, as a cron-like scheduler runs it on each node: at each multiple of the
     * tick on this worker's own wall clock (so a worker whose clock is ahead fires early), one
     * cycle made for that tick. The tick under way at the start is not run (it began before the
     * worker); a tick is run at most once by this worker, also when its clock goes back; when the
     * clock jumps ahead, the ticks it skipped are not run (the scheduler missed them).
     */
    private void ticks(long end) {
        long period = settings.tick().toMillis();
        long last = System.currentTimeMillis() / period;
        while (!stopped && System.nanoTime() - end < 0) {
            long now = System.currentTimeMillis();
            long tick = now / period;
            if (tick <= last) {
                pause(Math.min((last + 1) * period - now, period) * 1_000_000L);
                continue;
            }
            last = tick;
            cycle(OptionalLong.of(tick));
        }
    }

    private void cycle(OptionalLong tick) {
        String lock = settings.locks().get(random.nextInt(settings.locks().size()));
        Optional<Grant> grant = acquire(lock, tick);
        if (grant.isEmpty()) {
            return;
        }
        boolean unknown = false;
        if (!grant.get().lost()) {
            unknown = settings.reenter() ? reentered(grant.get()) : criticalSection(grant.get());
        }
        if (release(grant.get(), false) || unknown) {
            retire();
        }
    }

    /**
     * The critical section under a reentry: asks for the lock it holds again ({@code :reentry
     * true}), works under that grant and releases it, then the caller releases the first. A
     * refused reentry leaves the first grant: the work goes on under it. An unknown one (a
     * throw) may hold one grant more, which the process's one release would not give back: it
     * does no work, and the caller retires the process after its release (true); so does an
     * unknown release of the reentry.
     */
    private boolean reentered(Grant outer) {
        Process p = Process.client(processId);
        Value invoked = LockOps.reentry(LockOps.lock(outer.lock(), OptionalLong.empty()));
        recorder.invoke(p, LockOps.ACQUIRE, invoked);
        Acquisition result;
        try {
            result = locks.acquire(outer.lock(), settings.acquireTimeout());
        } catch (RuntimeException e) {
            recorder.complete(p, OpType.INFO, LockOps.ACQUIRE, invoked, LockOps.error(e));
            return true;
        }
        if (result instanceof Acquisition.Granted granted) {
            Grant inner = granted.grant();
            recorder.complete(p, OpType.OK, LockOps.ACQUIRE, LockOps.reentry(granted(outer.lock(), inner)), Value.NIL);
            recordLossNotice(inner, processId);
            if (!inner.lost()) {
                criticalSection(inner);
            }
            return release(inner, true);
        }
        if (!(result instanceof Acquisition.NotGranted refused)) {
            throw new IllegalStateException("an acquisition is granted or not: " + result);
        }
        recorder.complete(p, refused.certain() ? OpType.FAIL : OpType.INFO, LockOps.ACQUIRE, invoked,
                Value.kwOfWords(refused.reason()));
        if (!refused.certain()) {
            return true;
        }
        criticalSection(outer);
        return false;
    }

    /** One acquire of {@code lock}, made for {@code tick} when the job runs on ticks (recorded as {@code :tick}). */
    private Optional<Grant> acquire(String lock, OptionalLong tick) {
        Process p = Process.client(processId);
        Value invoked = ticked(LockOps.lock(lock, OptionalLong.empty()), tick);
        recorder.invoke(p, LockOps.ACQUIRE, invoked);
        Acquisition result;
        try {
            result = locks.acquire(lock, settings.acquireTimeout());
        } catch (RuntimeException e) {
            recorder.complete(p, OpType.INFO, LockOps.ACQUIRE, invoked, LockOps.error(e));
            retire();
            return Optional.empty();
        }
        if (result instanceof Acquisition.Granted granted) {
            Grant g = granted.grant();
            recorder.complete(p, OpType.OK, LockOps.ACQUIRE, ticked(granted(lock, g), tick), Value.NIL);
            recordLossNotice(g, processId);
            return Optional.of(g);
        }
        if (!(result instanceof Acquisition.NotGranted refused)) {
            throw new IllegalStateException("an acquisition is granted or not: " + result);
        }
        recorder.complete(p, refused.certain() ? OpType.FAIL : OpType.INFO, LockOps.ACQUIRE, invoked,
                Value.kwOfWords(refused.reason()));
        if (!refused.certain()) {
            retire();
        }
        return Optional.empty();
    }

    private static Value ticked(Value value, OptionalLong tick) {
        return tick.isPresent() ? LockOps.ticked(value, tick.getAsLong()) : value;
    }

    /** The acquire's {@code :ok} value, with the client's wall clock when the lock reports it. */
    private static Value granted(String lock, Grant g) {
        OptionalLong asked = g.wall().map(w -> OptionalLong.of(w.asked().toEpochMilli())).orElse(OptionalLong.empty());
        OptionalLong answered = g.wall().map(w -> OptionalLong.of(w.granted().toEpochMilli()))
                .orElse(OptionalLong.empty());
        OptionalLong until = g.wall().flatMap(w -> w.leaseUntil())
                .map(u -> OptionalLong.of(u.toEpochMilli())).orElse(OptionalLong.empty());
        return LockOps.granted(lock, g.token(), asked, answered, until);
    }

    /**
     * Has the library's loss notice recorded the moment it tells, on the library's thread (the
     * recorder is thread-safe and stamps it with the same clock): a standalone {@code :info}
     * {@link LockOps#LOSS_NOTICE} of process {@link LockOps#NOTICE} naming {@code holder}.
     */
    private void recordLossNotice(Grant grant, int holder) {
        grant.watch().whenLost(reason -> recorder.note(LockOps.NOTICE, LockOps.LOSS_NOTICE,
                LockOps.lossNotice(grant.lock(), grant.token(), holder, reason)));
    }

    /** Read, think, append; false (a known outcome), for {@link #cycle}. */
    private boolean criticalSection(Grant grant) {
        Optional<Optional<String>> last = read(grant);
        if (last.isEmpty() || stopped) {
            return false;
        }
        afterRead.run();
        pause(settings.think().toNanos());
        if (grant.lost()) {
            return false;
        }
        append(grant, last.get());
        return false;
    }

    /** The ledger's last entry id (inner empty: an empty ledger); outer empty: no read to build on. */
    private Optional<Optional<String>> read(Grant grant) {
        Process p = Process.client(processId);
        Value invoked = LockOps.read(grant.lock(), grant.token(), Optional.empty());
        recorder.invoke(p, LockOps.READ, invoked);
        ReadResult result;
        try {
            result = storage.read(grant);
        } catch (RuntimeException e) {
            recorder.complete(p, OpType.INFO, LockOps.READ, invoked, LockOps.error(e));
            return Optional.empty();
        }
        if (result instanceof ReadResult.Last served) {
            recorder.complete(p, OpType.OK, LockOps.READ,
                    LockOps.read(grant.lock(), grant.token(), Optional.of(served.last())), Value.NIL);
            return Optional.of(served.last());
        }
        recorder.complete(p, OpType.FAIL, LockOps.READ, invoked, LockOps.STALE_TOKEN);
        return Optional.empty();
    }

    private void append(Grant grant, Optional<String> prev) {
        Process p = Process.client(processId);
        String id = "e-" + processId + "-" + (++appends);
        Value invoked = LockOps.append(grant.lock(), grant.token(), id, prev);
        recorder.invoke(p, LockOps.APPEND, invoked);
        AppendResult result;
        try {
            result = storage.append(grant, new LedgerEntry(id, prev, grant.token(), processId));
        } catch (RuntimeException e) {
            recorder.complete(p, OpType.INFO, LockOps.APPEND, invoked, LockOps.error(e));
            return;
        }
        boolean applied = result instanceof AppendResult.Applied;
        recorder.complete(p, applied ? OpType.OK : OpType.FAIL, LockOps.APPEND, invoked,
                applied ? Value.NIL : LockOps.STALE_TOKEN);
    }

    /** Releases and records it; true when the outcome is unknown (the caller retires the process after its last release). */
    private boolean release(Grant grant, boolean reentry) {
        Process p = Process.client(processId);
        Value plain = LockOps.lock(grant.lock(), grant.token());
        Value invoked = reentry ? LockOps.reentry(plain) : plain;
        recorder.invoke(p, LockOps.RELEASE, invoked);
        try {
            boolean released = locks.release(grant);
            recorder.complete(p, released ? OpType.OK : OpType.FAIL, LockOps.RELEASE, invoked,
                    released ? Value.NIL : LockOps.NOT_HELD);
            return false;
        } catch (RuntimeException e) {
            recorder.complete(p, OpType.INFO, LockOps.RELEASE, invoked, LockOps.error(e));
            return true;
        }
    }

    /** Jepsen's rule after an indeterminate lock op: this process may still hold it; go on as a new one. */
    private void retire() {
        processId += settings.workers();
    }

    private void pause(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
    }
}
