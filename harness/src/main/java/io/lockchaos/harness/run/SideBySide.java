package io.lockchaos.harness.run;

import io.lockchaos.history.LockchaosException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * Runs jobs side by side on one machine, admitted one at a time by three rules:
 * <ul>
 *   <li>at most {@code slots} at once;</li>
 *   <li>staggered: a job starts only once every job started before it has said it is started
 *       (its cluster up and its workers running: the CPU peaks of a run), or once {@code stagger}
 *       has passed since the last job started, whichever comes first: so the load below has seen
 *       the last start-up's first seconds before another one begins;</li>
 *   <li>below a load: while other jobs run, one more starts only when the machine's load
 *       ({@code load}, e.g. the share of the last seconds the CPUs were busy) is below {@code maxLoad}.</li>
 * </ul>
 * A job marked alone (its verdict rests on a narrow timing margin) waits until nothing else
 * runs, and nothing starts beside it. With more than one slot the jobs start in {@link #startOrder}
 * (those alone first, then the longest first); with one slot they run one after another, in order,
 * as without this class. Results come back in the jobs' order.
 *
 * @param <T> what a job is
 * @param <R> what it yields
 */
public final class SideBySide<T, R> {

    /**
     * The longest a run side by side with others may have stood still ({@code worstStallMs}) and
     * still count: beyond it, every process of the run may have been held as long, which is
     * a sizeable part of the shortest margins the shipped scenarios' verdicts rest on.
     */
    public static final long STALL_SLACK_MS = 1000;

    /**
     * Why a run beside others does not count, when its harness stood still ({@code worstStallMs})
     * longer than {@link #STALL_SLACK_MS}; empty when it counts. Matrix, explore and the tests
     * all judge by this.
     */
    public static Optional<String> stoodStill(double worstStallMs) {
        if (worstStallMs <= STALL_SLACK_MS) {
            return Optional.empty();
        }
        return Optional.of(String.format(java.util.Locale.ROOT, "beside other runs the harness stood still for %.0f ms"
                + " during the workload, above the %d ms slack a run's timing may lose: not carried out (run it again"
                + " alone)", worstStallMs, STALL_SLACK_MS));
    }

    /**
     * The share of the last {@link #BUSY_WINDOW} the CPUs may have been busy for one more run to
     * start beside those under way ({@link CpuBusy}).
     */
    public static final double BUSY_BELOW = 0.7;

    /** How far back {@link #BUSY_BELOW} is measured. */
    public static final Duration BUSY_WINDOW = Duration.ofSeconds(5);

    /**
     * The admission rules of {@link #onThisMachine} in words, for the {@code --parallel} help of
     * every command that has it (a picocli text: {@code %%} is a percent sign).
     */
    public static final String ADMISSION_HELP = "each started once the one before it is started or 5 s after it began,"
            + " and only while the CPUs were less than " + (int) (BUSY_BELOW * 100) + "%% busy over the last 5 s";

    /**
     * One job: the item, whether it must run alone, and about how many seconds it takes (0 when
     * not known), which orders the start-ups when more than one slot is given.
     */
    public record Job<T>(T item, boolean alone, double seconds) {

        /** A job of unknown length. */
        public Job(T item, boolean alone) {
            this(item, alone, 0);
        }
    }

    /**
     * The order in which jobs start side by side: those marked alone first (the machine drains
     * once for all of them, not once for each), then the longest first, so that short jobs fill
     * the slots at the end instead of one long job running on with the other slots empty. Ties
     * keep the given order. With one slot the given order is kept.
     *
     * @return the positions in {@code jobs}, in the order they start
     */
    public List<Integer> startOrder(List<Job<T>> jobs) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            order.add(i);
        }
        if (slots > 1) {
            order.sort(java.util.Comparator.<Integer, Boolean>comparing(i -> !jobs.get(i).alone())
                    .thenComparing(i -> -jobs.get(i).seconds()));
        }
        return order;
    }

    private final int slots;
    private final DoubleSupplier load;
    private final double maxLoad;
    private final Duration poll;
    private final Duration stagger;

    /**
     * Side by side with start-ups that never overlap: a job starts only once those before it said
     * they are started.
     *
     * @param slots at most this many jobs at once, 1 or more
     * @param load the machine's load now
     * @param maxLoad no job starts beside others while the load is at or above this
     * @param poll how often a waiting admission looks again
     */
    public SideBySide(int slots, DoubleSupplier load, double maxLoad, Duration poll) {
        this(slots, load, maxLoad, poll, null);
    }

    /**
     * @param stagger a job may start this long after the last one started even when that one has
     *     not said it is started yet (still only below {@code maxLoad}); null: never before
     */
    public SideBySide(int slots, DoubleSupplier load, double maxLoad, Duration poll, Duration stagger) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots is " + slots + "; give 1 or more");
        }
        this.slots = slots;
        this.load = load;
        this.maxLoad = maxLoad;
        this.poll = poll;
        this.stagger = stagger;
    }

    /** At most this many jobs at once. */
    public int slots() {
        return slots;
    }

    /**
     * Side by side on this machine: at most {@code slots}, one more only while the CPUs were
     * busy less than {@value #BUSY_BELOW} of the last five seconds and once the last run started
     * is started or was admitted {@link #BUSY_WINDOW} ago (so that the share has seen its first
     * seconds), looking again every half second.
     */
    public static <T, R> SideBySide<T, R> onThisMachine(int slots) {
        CpuBusy cpu = new CpuBusy(CpuBusy::procStat, System::nanoTime, BUSY_WINDOW);
        return new SideBySide<>(slots, cpu::share, BUSY_BELOW, Duration.ofMillis(500), BUSY_WINDOW);
    }

    /**
     * The runs side by side an option ({@code --parallel}) asks for: a whole number from 1, or
     * {@code auto}: three per core, and no more than one per 3 GiB of memory (a cluster and its
     * worker JVMs take 1–2 GiB), at least 1. Three per core, because a run mostly waits (think
     * times, TTLs, paused containers): what keeps the machine from being overloaded is the CPU
     * share each admission asks for ({@link #BUSY_BELOW}), not the number of slots. On 2 cores
     * every shipped scenario took 0.61x of its workload at two per core and 0.51x at three.
     *
     * @throws LockchaosException naming {@code option} for anything else
     */
    public static int slots(String option, String value) {
        if (value.equals("auto")) {
            long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize();
            return (int) Math.max(1, Math.min(3L * cores(), memory / (3L << 30)));
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new LockchaosException(option + " is '" + value + "'; give a whole number from 1, or auto");
    }

    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * Runs every job through {@code run}, which gets the item and a callback to call once the job
     * is started (calling it again, or never, is harmless: a job that ends counts as started).
     *
     * @param stopping asked before each admission: once true (or once a Ctrl-C or SIGTERM came,
     *     {@link ExitSignals#exiting}), no further job starts
     * @return each job's result, in the jobs' order, up to the first job never started (once stopping)
     */
    public List<R> run(List<Job<T>> jobs, BiFunction<T, Runnable, R> run, BooleanSupplier stopping)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(slots, r -> {
            Thread t = new Thread(r, "lockchaos-side-by-side");
            t.setDaemon(true);
            return t;
        });
        // Each job admitted, at its position in jobs; null until it is.
        List<Admitted<R>> admitted = new ArrayList<>(Collections.nCopies(jobs.size(), null));
        long lastAdmitted = System.nanoTime();
        try {
            for (int position : startOrder(jobs)) {
                Job<T> job = jobs.get(position);
                if (!admit(job, admitted, lastAdmitted, stopping)) {
                    break;
                }
                lastAdmitted = System.nanoTime();
                CompletableFuture<Void> started = new CompletableFuture<>();
                admitted.set(position, new Admitted<>(job.alone(), started, CompletableFuture.supplyAsync(() -> {
                    try {
                        return run.apply(job.item(), () -> started.complete(null));
                    } finally {
                        started.complete(null);
                    }
                }, pool)));
            }
            List<R> results = new ArrayList<>();
            for (int position = 0; position < jobs.size() && admitted.get(position) != null; position++) {
                results.add(admitted.get(position).done().get());
            }
            for (Admitted<R> a : admitted) {
                if (a != null) {
                    a.done().get(); // every job started ends before this returns, also those after a gap
                }
            }
            return results;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.DAYS);
        }
    }

    /** A job under way: whether it runs alone, whether it said it started, its result. */
    private record Admitted<R>(boolean alone, CompletableFuture<Void> started, CompletableFuture<R> done) {
    }

    /** Waits until {@code job} may start by the rules above ({@code admitted}: null where not yet); false when stopping. */
    private boolean admit(Job<T> job, List<Admitted<R>> admitted, long lastAdmitted, BooleanSupplier stopping)
            throws InterruptedException {
        while (!stopping.getAsBoolean() && !ExitSignals.exiting()) {
            List<Admitted<R>> running = admitted.stream().filter(a -> a != null && !a.done().isDone()).toList();
            boolean startingUp = running.stream().anyMatch(a -> !a.started().isDone())
                    && (stagger == null || System.nanoTime() - lastAdmitted < stagger.toNanos());
            boolean aloneRunning = running.stream().anyMatch(Admitted::alone);
            if (running.isEmpty() || (!job.alone() && !aloneRunning && running.size() < slots && !startingUp
                    && load.getAsDouble() < maxLoad)) {
                return true;
            }
            Thread.sleep(poll.toMillis());
        }
        return false;
    }
}
