package io.lockchaos.checker.linear;

import io.lockchaos.history.Operation;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Step;
import java.util.Arrays;
import java.util.List;

/**
 * The Wing–Gong–Lowe search over one partition, as Lowe's "Testing for linearizability"
 * and Porcupine describe it. Calls and returns form a doubly linked list in event order. The
 * search walks it from the front: at a call it tries to linearize that operation (the model
 * accepts it and the resulting configuration is new), lifts the call and its return out of
 * the list and starts over from the front; at a return, whose operation had to be
 * linearized by then, it backtracks by popping the last linearized operation. A return met
 * with nothing to pop proves the partition not linearizable. An indeterminate operation has
 * no return: it may take effect at any point after its call, or never; the search is done
 * when every determinate operation is linearized.
 *
 * <p>The linearized set is kept compact for long, almost sequential histories. Determinate
 * operations are ranked in invocation order; the set holds every rank below a watermark plus
 * a small sorted array of ranks above it (bounded by the concurrency, not the length).
 * Linearized indeterminate operations are a set id of {@link InfoSets}, which stores each
 * distinct set once. A Zobrist hash of the set is kept incrementally. So a configuration
 * costs a few words in the {@link Memo}, not a bitset of the whole history.
 */
final class Search<S, C> {

    private static final int[] NONE = new int[0];
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final Model<S, C> model;
    private final Part<C> part;
    private final Budget budget;
    private final boolean eager;
    private final long maxConfigs;
    private boolean bounded;
    private final List<C> calls;
    private final int size;
    private final boolean[] determinate;
    private final int[] rank;
    /** For an indeterminate operation, the previous one with an equal call (-1: none). */
    private final int[] previousTwin;
    /** Which indeterminate operations are linearized now. */
    private final boolean[] linearizedInfo;
    private final int head;
    private final int tail;
    private final int infoHead;
    private final int infoTail;
    private final int[] position;
    private final int[] next;
    private final int[] prev;
    private final Memo memo = new Memo();
    private final InfoSets infoSets = new InfoSets();
    private final DeadEnds<S, C> deadEnds;

    private S state;
    private int watermark;
    private int[] extras = NONE;
    private int infos = InfoSets.EMPTY;
    private long setHash;
    private int depth;
    private int remaining;
    private int maxDepth;
    private final int[] pendingBuffer = new int[DeadEnds.WALK];
    /** The first return in the main list, while the search tries indeterminate calls. */
    private int firstReturn;
    /** Where the search resumes. */
    private int cursor;

    private int[] stackEntry = new int[64];
    private Object[] stackState = new Object[64];
    private int[] stackWatermark = new int[64];
    private int[][] stackExtras = new int[64][];
    private int[] stackInfos = new int[64];
    private long[] stackHash = new long[64];

    /**
     * A search of one partition. {@code eager} picks the order in which indeterminate calls are
     * tried (see {@link #link}); both orders are complete, and each is fast where the other
     * is slow, so {@link Linearizability} runs one of each.
     */
    Search(Model<S, C> model, Part<C> part, Budget budget, boolean eager, long maxConfigs) {
        this.model = model;
        this.part = part;
        this.budget = budget;
        this.eager = eager;
        this.maxConfigs = maxConfigs;
        this.calls = part.calls();
        this.size = part.size();
        this.determinate = new boolean[size];
        this.rank = new int[size];
        this.previousTwin = new int[size];
        this.linearizedInfo = new boolean[size];
        this.head = 2 * size;
        this.tail = 2 * size + 1;
        this.infoHead = 2 * size + 2;
        this.infoTail = 2 * size + 3;
        this.position = new int[2 * size + 4];
        this.next = new int[2 * size + 4];
        this.prev = new int[2 * size + 4];
        this.deadEnds = new DeadEnds<>(model, part);
        link();
        this.state = model.init();
        this.cursor = next[head];
    }

    /**
     * Entry 2i is operation i's call, 2i+1 its return. Determinate operations' calls and
     * returns form the main list, in event order. Indeterminate calls, in the lazy order, form
     * a second list (same arrays, own sentinels), in invocation order: the search tries the
     * calls of the main list first and the indeterminate ones only when it reaches a return,
     * and never one that would not change the state. That walks a long valid history without
     * ever trying the operations that may never have happened. In the eager order (Porcupine's)
     * the indeterminate calls are in the main list too, tried where they were invoked, even as
     * no-ops: a crashed operation is first taken to have happened at once (or to have done
     * nothing), which is what most did. Both orders are complete; on 10 processes with 30% of
     * completions crashed the eager one decides in about a second what the lazy one cannot
     * in minutes, and on Porcupine's etcd files the lazy one is about four times faster.
     */
    private void link() {
        List<Operation> ops = part.operations();
        long[] events = new long[2 * size];
        long[] infoCalls = new long[size];
        int count = 0;
        int infoCount = 0;
        int determinateRank = 0;
        int infoRank = 0;
        for (int i = 0; i < size; i++) {
            Operation op = ops.get(i);
            determinate[i] = !op.isIndeterminate();
            rank[i] = determinate[i] ? determinateRank++ : infoRank++;
            position[2 * i] = op.invocation().index();
            if (determinate[i]) {
                position[2 * i + 1] = op.completion().index();
                events[count++] = ((long) position[2 * i] << 32) | (2L * i);
                events[count++] = ((long) position[2 * i + 1] << 32) | (2L * i + 1);
            } else if (eager) {
                events[count++] = ((long) position[2 * i] << 32) | (2L * i);
            } else {
                infoCalls[infoCount++] = ((long) position[2 * i] << 32) | (2L * i);
            }
        }
        remaining = determinateRank;
        findTwins();
        chain(head, tail, events, count);
        chain(infoHead, infoTail, infoCalls, infoCount);
    }

    /**
     * Indeterminate operations with equal calls are interchangeable (each may take effect at
     * any point after its invocation, or never), so the search only linearizes them in
     * invocation order: an operation waits for its previous twin. Any linearization can be
     * rearranged that way, so this loses nothing and cuts the branching on long histories with
     * many timed-out operations.
     */
    private void findTwins() {
        java.util.Map<C, Integer> lastWithCall = new java.util.HashMap<>();
        for (int i = 0; i < size; i++) {
            previousTwin[i] = -1;
            if (!determinate[i]) {
                Integer twin = lastWithCall.put(calls.get(i), i);
                previousTwin[i] = twin == null ? -1 : twin;
            }
        }
    }

    private void chain(int first, int last, long[] entries, int count) {
        Arrays.sort(entries, 0, count);
        int previous = first;
        for (int k = 0; k < count; k++) {
            int entry = (int) entries[k];
            next[previous] = entry;
            prev[entry] = previous;
            previous = entry;
        }
        next[previous] = last;
        prev[last] = previous;
    }

    /**
     * Searches on for at most {@code slice} steps. Returns the outcome, or null when the slice
     * ran out first: the caller may resume later (partitions take turns, so an easy invalid
     * partition is found even while a hard one is still being searched).
     */
    private PartOutcome run(long slice) {
        int entry = cursor;
        for (long steps = 1; remaining > 0; steps++) {
            if (steps > slice) {
                cursor = entry;
                return null;
            }
            if ((steps & 0x3FF) == 0) {
                PartOutcome stop = checkBudget();
                if (stop != null) {
                    return stop;
                }
            }
            if (entry < head && (entry & 1) == 0 && determinate[entry >>> 1]) {
                entry = tryLinearize(entry) ? next[head] : next[entry];
            } else if (entry < head && (entry & 1) == 0 && (eager || position[entry] < position[firstReturn])) {
                entry = mayLinearizeInfo(entry >>> 1) && tryLinearize(entry) ? next[head] : next[entry];
            } else if (entry < head && (entry & 1) == 1) {
                firstReturn = entry;
                entry = next[infoHead];
            } else if (entry == tail) {
                throw new IllegalStateException("search passed the last return of partition '" + part.key()
                        + "' with " + remaining + " operations left: a bug in the search");
            } else {
                deadEnd(firstReturn);
                if (depth == 0) {
                    budget.stop();
                    return PartOutcome.invalid(part.key(), deadEnds.counterexample(), memo.size());
                }
                entry = backtrack();
            }
        }
        return PartOutcome.valid(part.key(), memo.size());
    }

    private PartOutcome checkBudget() {
        if (budget.isStopped()) {
            return PartOutcome.cancelled(part.key(), memo.size());
        }
        if (budget.expired()) {
            return PartOutcome.unknown(part.key(), "out of time", memo.size());
        }
        return null;
    }

    /** How far the search got: the longest linearizable prefix and the configurations remembered. */
    Progress progress() {
        return new Progress(maxDepth, size, memo.size());
    }

    private boolean mayLinearizeInfo(int op) {
        return previousTwin[op] < 0 || linearizedInfo[previousTwin[op]];
    }

    /** Tries to linearize the call at {@code entry}; true when it did. */
    private boolean tryLinearize(int entry) {
        int op = entry >>> 1;
        Step<S> step = model.step(state, calls.get(op));
        if (!(step instanceof Step.Next<S> accepted)) {
            return false;
        }
        S nextState = accepted.state();
        if (!eager && !determinate[op] && nextState.equals(state)) {
            return false; // an indeterminate no-op: taking effect later, or never, is as good
        }
        int nextWatermark = watermark;
        int[] nextExtras = extras;
        int nextInfos = infos;
        if (!determinate[op]) {
            nextInfos = infoSets.with(infos, rank[op]);
        } else if (rank[op] == watermark) {
            nextWatermark = watermark + 1;
            int k = 0;
            while (k < extras.length && extras[k] == nextWatermark) {
                k++;
                nextWatermark++;
            }
            nextExtras = k == 0 ? extras : k == extras.length ? NONE : Arrays.copyOfRange(extras, k, extras.length);
        } else {
            nextExtras = insert(extras, rank[op]);
        }
        long nextHash = setHash ^ Memo.mix((op + 1L) * GOLDEN);
        if (!memo.add(nextHash, nextWatermark, nextExtras, nextInfos, nextState)) {
            return false;
        }
        if (memo.size() > maxConfigs) {
            throw new BoundReached();
        }
        push(entry);
        state = nextState;
        watermark = nextWatermark;
        extras = nextExtras;
        infos = nextInfos;
        setHash = nextHash;
        if (determinate[op]) {
            remaining--;
        } else {
            linearizedInfo[op] = true;
        }
        lift(entry);
        return true;
    }

    private static int[] insert(int[] sorted, int value) {
        int at = -Arrays.binarySearch(sorted, value) - 1;
        int[] out = new int[sorted.length + 1];
        System.arraycopy(sorted, 0, out, 0, at);
        out[at] = value;
        System.arraycopy(sorted, at, out, at + 1, sorted.length - at);
        return out;
    }

    /** Thrown out of the loop when the memo outgrows its bound; {@link #resume} turns it into unknown. */
    private static final class BoundReached extends RuntimeException {
        BoundReached() {
            super(null, null, false, false);
        }
    }

    /**
     * Runs the search for at most {@code slice} more steps: the outcome, or null when it is not
     * done yet. Past the time limit or the configuration bound the outcome is unknown, with
     * no reason yet: {@link Searches} words it.
     */
    PartOutcome resume(long slice) {
        try {
            return run(slice);
        } catch (BoundReached bound) {
            bounded = true;
            return PartOutcome.unknown(part.key(), "bound reached", memo.size());
        }
    }

    /** Whether the search ended on its configuration bound (unknown), rather than on the time limit. */
    boolean bounded() {
        return bounded;
    }

    private void push(int entry) {
        if (depth == stackEntry.length) {
            int grown = depth * 2;
            stackEntry = Arrays.copyOf(stackEntry, grown);
            stackState = Arrays.copyOf(stackState, grown);
            stackWatermark = Arrays.copyOf(stackWatermark, grown);
            stackExtras = Arrays.copyOf(stackExtras, grown);
            stackInfos = Arrays.copyOf(stackInfos, grown);
            stackHash = Arrays.copyOf(stackHash, grown);
        }
        stackEntry[depth] = entry;
        stackState[depth] = state;
        stackWatermark[depth] = watermark;
        stackExtras[depth] = extras;
        stackInfos[depth] = infos;
        stackHash[depth] = setHash;
        depth++;
        maxDepth = Math.max(maxDepth, depth);
    }

    /** Undoes the last linearization; returns the entry after the undone call. */
    @SuppressWarnings("unchecked")
    private int backtrack() {
        depth--;
        int entry = stackEntry[depth];
        state = (S) stackState[depth];
        stackState[depth] = null;
        watermark = stackWatermark[depth];
        extras = stackExtras[depth];
        infos = stackInfos[depth];
        setHash = stackHash[depth];
        unlift(entry);
        if (determinate[entry >>> 1]) {
            remaining++;
        } else {
            linearizedInfo[entry >>> 1] = false;
            firstReturn = next[head];
            while ((firstReturn & 1) == 0) {
                firstReturn = next[firstReturn];
            }
        }
        return next[entry];
    }

    private void lift(int call) {
        next[prev[call]] = next[call];
        prev[next[call]] = prev[call];
        if (determinate[call >>> 1]) {
            int ret = call + 1;
            next[prev[ret]] = next[ret];
            prev[next[ret]] = prev[ret];
        }
    }

    private void unlift(int call) {
        if (determinate[call >>> 1]) {
            int ret = call + 1;
            next[prev[ret]] = ret;
            prev[next[ret]] = ret;
        }
        next[prev[call]] = call;
        prev[next[call]] = call;
    }

    /** Records a dead end at {@code ret}, the return of an operation that could not be linearized. */
    private void deadEnd(int ret) {
        int op = ret >>> 1;
        if (!deadEnds.wants(depth, op, state)) {
            return;
        }
        int[] last = new int[Math.min(depth, DeadEnds.LAST)];
        for (int i = 0; i < last.length; i++) {
            last[i] = stackEntry[depth - last.length + i] >>> 1;
        }
        int[] pending = pendingBuffer;
        int count = 0;
        for (int e = next[head]; e != ret && count < DeadEnds.WALK; e = next[e]) {
            if ((e & 1) == 0 && e >>> 1 != op) {
                pending[count++] = e >>> 1;
            }
        }
        for (int e = next[infoHead]; e != infoTail && position[e] < position[ret] && count < DeadEnds.WALK;
                e = next[e]) {
            pending[count++] = e >>> 1;
        }
        deadEnds.record(op, depth, state, last, Arrays.copyOf(pending, count));
    }
}
