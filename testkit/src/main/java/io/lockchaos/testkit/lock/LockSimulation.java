package io.lockchaos.testkit.lock;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A discrete-event simulation of the lock workload: workers loop acquire → read → append →
 * release against simulated lock servers and a simulated store, and every client step is
 * recorded as it would be on real servers. Waiting acquires queue and give up after
 * {@link #WAIT} ({@code :fail}); a few requests are lost ({@code :info}). Anomalies are
 * injected once, about halfway, at the step each one concerns.
 */
final class LockSimulation {

    static final long MS = 1_000_000L;
    static final long WAIT = 20 * MS;
    static final long TTL = 40 * MS;
    static final long CLIENT_TIMEOUT = 5 * MS;
    private static final double LOST_ACQUIRE = 0.01;
    /** The fault bands the simulator draws: a partition of the lock server, a paused holder. */
    private static final String PARTITION = "partition";
    private static final String PAUSE = "pause";
    /** An append's error when the store failed it for no reason of tokens. */
    private static final Value UNAVAILABLE = Value.kw("unavailable");
    private static final double LOST_READ = 0.003;
    private static final double LOST_APPEND = 0.003;
    private static final double LOST_RELEASE = 0.002;

    private record Event(long time, long seq, Runnable action) {
    }

    private final SplittableRandom random;
    private final int budget;
    private final Fencing fencing;
    private final EnumSet<LockAnomaly> pending;
    private final EnumSet<LockAnomaly> injected = EnumSet.noneOf(LockAnomaly.class);
    private final List<Op> events;
    private final PriorityQueue<Event> queue = new PriorityQueue<>(
            Comparator.comparingLong(Event::time).thenComparingLong(Event::seq));
    private final SimWorker[] workers;
    private final SimLock[] locks;
    private long now;
    private long seq;
    private SimWorker paused;
    private boolean partitioned;

    LockSimulation(long seed, int budget, int workers, int locks, Fencing fencing, EnumSet<LockAnomaly> anomalies) {
        this.random = new SplittableRandom(seed);
        this.budget = budget;
        this.fencing = fencing;
        this.pending = EnumSet.copyOf(anomalies);
        this.events = new ArrayList<>(budget + 16 * workers + 2 * locks);
        this.workers = new SimWorker[workers];
        this.locks = new SimLock[locks];
        for (int i = 0; i < locks; i++) {
            this.locks[i] = new SimLock("job-" + i);
        }
        for (int i = 0; i < workers; i++) {
            SimWorker w = new SimWorker(i);
            this.workers[i] = w;
            at(MS + random.nextLong(MS), () -> startCycle(w));
        }
        at(10 * MS, this::nemesis);
    }

    Outcome run() {
        while (!queue.isEmpty()) {
            Event event = queue.poll();
            now = event.time();
            event.action().run();
        }
        new FinalReads(this.locks, pending, injected, random).emit(events, now + MS);
        return new Outcome(events, injected);
    }

    /** The simulation's output. */
    record Outcome(List<Op> events, EnumSet<LockAnomaly> injected) {
    }

    // ---- scheduling and recording ----

    private void at(long time, Runnable action) {
        queue.add(new Event(time, seq++, action));
    }

    private long latency() {
        return 200_000 + random.nextLong(1_800_000);
    }

    private long think() {
        return 500_000 + random.nextLong(500_000);
    }

    private boolean halfway() {
        return events.size() >= budget / 2;
    }

    private boolean stopped() {
        return events.size() >= budget && paused == null;
    }

    private void invoke(SimWorker w, String f, Value value) {
        w.invokeEvent = events.size();
        w.invokeTime = now;
        events.add(new Op(events.size(), now, OpType.INVOKE, w.process, f, value));
    }

    private void complete(SimWorker w, OpType type, String f, Value value, Value error) {
        events.add(new Op(events.size(), now, type, w.process, f, value, error == null ? Value.NIL : error, Map.of()));
    }

    private Value readValue(SimWorker w, Value last) {
        return SimValues.dict(LockOps.Field.KEY.keyword(), w.lock.nameValue, LockOps.Field.TOKEN.keyword(), w.tokenValue, LockOps.Field.LAST.keyword(), last);
    }

    private Value appendValue(SimWorker w, Value id) {
        return SimValues.dict(LockOps.Field.KEY.keyword(), w.lock.nameValue, LockOps.Field.TOKEN.keyword(), w.tokenValue,
                LockOps.Field.ID.keyword(), id, LockOps.Field.PREV.keyword(), w.lastRead);
    }

    private void nemesis() {
        if (stopped()) {
            return;
        }
        boolean start = !partitioned;
        partitioned = start;
        events.add(new Op(events.size(), now, OpType.INFO, Process.NEMESIS, start ? NemesisOps.start(PARTITION) : NemesisOps.stop(PARTITION),
                start ? Value.map(NemesisOps.TARGETS, Value.vec(Value.of("redis-1"))) : Value.NIL));
        at(now + 50 * MS, this::nemesis);
    }

    // ---- acquire ----

    private void startCycle(SimWorker w) {
        if (stopped()) {
            w.done = true;
            return;
        }
        w.lock = locks[random.nextInt(locks.length)];
        invoke(w, LockOps.ACQUIRE, w.lock.lockValue);
        w.tokenSeenAtInvoke = w.lock.lastCompletedToken;
        if (random.nextDouble() < LOST_ACQUIRE) {
            at(now + CLIENT_TIMEOUT, () -> {
                complete(w, OpType.INFO, LockOps.ACQUIRE, w.lock.lockValue, LockOps.TIMEOUT);
                w.retire(workers.length);
                at(now + think(), () -> startCycle(w));
            });
            return;
        }
        at(now + latency(), () -> arriveAcquire(w));
    }

    private void arriveAcquire(SimWorker w) {
        if (!w.lock.held) {
            grant(w.lock, w);
            return;
        }
        w.waiting = true;
        int attempt = ++w.attempt;
        w.lock.waiters.add(w);
        at(w.invokeTime + WAIT, () -> giveUp(w, attempt));
    }

    private void giveUp(SimWorker w, int attempt) {
        if (!w.waiting || w.attempt != attempt) {
            return;
        }
        w.waiting = false;
        w.lock.waiters.remove(w);
        at(now + latency() / 4, () -> {
            complete(w, OpType.FAIL, LockOps.ACQUIRE, w.lock.lockValue, LockOps.TIMEOUT);
            at(now + think(), () -> startCycle(w));
        });
    }

    private void grant(SimLock lock, SimWorker w) {
        if (pending.contains(LockAnomaly.TOKEN_REGRESSION) && halfway() && w.tokenSeenAtInvoke >= 2) {
            // The counter forgets its last increments: this grant repeats or undercuts a token
            // whose grant completed before this acquire was invoked.
            lock.counter = w.tokenSeenAtInvoke - 1 - random.nextInt(2);
            pending.remove(LockAnomaly.TOKEN_REGRESSION);
            injected.add(LockAnomaly.TOKEN_REGRESSION);
        }
        lock.held = true;
        lock.holder = w;
        lock.generation++;
        w.generation = lock.generation;
        w.token = ++lock.counter;
        w.grantTime = now;
        w.tokenValue = fencing == Fencing.UNFENCED ? null : Value.of(w.token);
        w.heldLock = SimValues.dict(LockOps.Field.LOCK.keyword(), lock.nameValue, LockOps.Field.TOKEN.keyword(), w.tokenValue);
        w.heldKey = SimValues.dict(LockOps.Field.KEY.keyword(), lock.nameValue, LockOps.Field.TOKEN.keyword(), w.tokenValue);
        at(now + latency(), () -> {
            complete(w, OpType.OK, LockOps.ACQUIRE, w.heldLock, null);
            lock.lastCompletedToken = w.token;
            at(now + think(), () -> read(w));
        });
    }

    private void expire(SimLock lock, long generation) {
        if (lock.held && lock.generation == generation) {
            lock.held = false;
            lock.holder = null;
            grantNext(lock);
        }
    }

    private void grantNext(SimLock lock) {
        SimWorker next = lock.waiters.poll();
        if (next != null) {
            next.waiting = false;
            grant(lock, next);
        }
    }

    // ---- read and append ----

    private boolean stale(SimWorker w, boolean write) {
        if (fencing == Fencing.GUARDED) {
            // etcd's guard: the request goes through only while the worker's own grant still stands.
            return !(w.lock.held && w.lock.holder == w && w.lock.generation == w.generation);
        }
        if (fencing == Fencing.UNFENCED || (fencing == Fencing.WRITES_ONLY && !write)) {
            return false;
        }
        if (w.token < w.lock.maxSeen) {
            return true;
        }
        w.lock.maxSeen = Math.max(w.lock.maxSeen, w.token);
        return false;
    }

    private void read(SimWorker w) {
        invoke(w, LockOps.READ, w.heldKey);
        if (random.nextDouble() < LOST_READ) {
            at(now + CLIENT_TIMEOUT, () -> {
                complete(w, OpType.INFO, LockOps.READ, w.heldKey, LockOps.TIMEOUT);
                at(now + think(), () -> release(w));
            });
            return;
        }
        at(now + latency(), () -> {
            boolean refused = stale(w, false);
            Value last = w.lock.last();
            boolean staleRead = !refused && pending.contains(LockAnomaly.LOST_UPDATE) && halfway()
                    && w.lock.entries.size() >= 2;
            if (staleRead) {
                last = w.lock.entries.get(w.lock.entries.size() - 2).id();
                pending.remove(LockAnomaly.LOST_UPDATE);
            }
            Value seen = last;
            at(now + latency(), () -> {
                if (refused) {
                    complete(w, OpType.FAIL, LockOps.READ, w.heldKey, LockOps.STALE_TOKEN);
                    at(now + think(), () -> release(w));
                    return;
                }
                w.lastRead = seen;
                w.staleRead = staleRead;
                complete(w, OpType.OK, LockOps.READ, readValue(w, seen), null);
                afterRead(w);
            });
        });
    }

    /** After a read: maybe pause this holder past its lease, maybe wake the paused one, else append. */
    private void afterRead(SimWorker w) {
        if (paused != null && paused.lock == w.lock && w.generation > paused.generation) {
            SimWorker sleeper = paused;
            paused = null;
            events.add(new Op(events.size(), now, OpType.INFO, Process.NEMESIS, NemesisOps.stop(PAUSE),
                    Value.map(NemesisOps.TARGETS, Value.vec(Value.of("worker-" + sleeper.slot)))));
            append(sleeper, 50_000);
        } else if (paused == null && pending.contains(LockAnomaly.EXPIRED_LEASE) && halfway() && workers.length > 1) {
            paused = w;
            pending.remove(LockAnomaly.EXPIRED_LEASE);
            injected.add(LockAnomaly.EXPIRED_LEASE);
            events.add(new Op(events.size(), now, OpType.INFO, Process.NEMESIS, NemesisOps.start(PAUSE),
                    Value.map(NemesisOps.TARGETS, Value.vec(Value.of("worker-" + w.slot)), "ms", 2 * TTL / MS)));
            SimLock lock = w.lock;
            long generation = w.generation;
            at(Math.max(now, w.grantTime + TTL), () -> expire(lock, generation));
            return;
        }
        at(now + think(), () -> append(w, latency()));
    }

    private void append(SimWorker w, long delay) {
        Value id = new Value.Str("e-" + w.processId + "-" + (++w.appends));
        Value value = appendValue(w, id);
        invoke(w, LockOps.APPEND, value);
        boolean lost = random.nextDouble() < LOST_APPEND;
        at(now + delay, () -> {
            boolean refused = stale(w, true);
            boolean failAnyway = !refused && !lost && halfway() && pending.remove(LockAnomaly.FAILED_APPEND_PRESENT);
            if (failAnyway) {
                injected.add(LockAnomaly.FAILED_APPEND_PRESENT);
            }
            boolean applied = !refused && (!lost || random.nextBoolean());
            if (applied) {
                w.lock.entries.add(new SimLock.Entry(id, w.lastRead, w.tokenValue, Value.of(w.processId)));
            }
            if (w.staleRead) {
                // The lost update is in the data only if this append was applied; else try again later.
                (applied ? injected : pending).add(LockAnomaly.LOST_UPDATE);
                w.staleRead = false;
            }
            long reply = lost ? w.invokeTime + CLIENT_TIMEOUT : now + latency();
            at(Math.max(now, reply), () -> {
                OpType type = lost ? OpType.INFO : refused || failAnyway ? OpType.FAIL : OpType.OK;
                Value error = lost ? LockOps.TIMEOUT : refused ? LockOps.STALE_TOKEN : failAnyway ? UNAVAILABLE : null;
                complete(w, type, LockOps.APPEND, value, error);
                at(now + think(), () -> release(w));
            });
        });
    }

    // ---- release ----

    private void release(SimWorker w) {
        Value value = w.heldLock;
        invoke(w, LockOps.RELEASE, value);
        if (random.nextDouble() < LOST_RELEASE) {
            SimLock lock = w.lock;
            long generation = w.generation;
            at(Math.max(now, w.grantTime + TTL), () -> expire(lock, generation));
            at(now + CLIENT_TIMEOUT, () -> {
                complete(w, OpType.INFO, LockOps.RELEASE, value, LockOps.TIMEOUT);
                at(now + think(), () -> startCycle(w));
            });
            return;
        }
        at(now + latency(), () -> {
            SimLock lock = w.lock;
            boolean mine = lock.held && lock.holder == w && lock.generation == w.generation;
            if (mine) {
                lock.held = false;
                lock.holder = null;
                grantNext(lock);
            }
            at(now + latency(), () -> {
                complete(w, mine ? OpType.OK : OpType.FAIL, LockOps.RELEASE, value, mine ? null : LockOps.NOT_HELD);
                at(now + think(), () -> startCycle(w));
            });
        });
    }
}
