package io.lockchaos.harness.run;

import io.lockchaos.history.OpType;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.workloads.worker.HoldAtRead;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Which workers have started, and which are inside a critical section right now, as their
 * streamed histories say: from the {@code :ok} of the read under a grant (the holder has read the
 * ledger and works on what it read) to the invocation of its release. Lets a schedule name
 * {@code holder-<lane>} ({@code at 3s pause holder-unfenced for 5s}) so that a pause lands in the
 * critical section's work by construction rather than by luck: not before the read, where a
 * holder paused in its read still has its whole think time ahead when it wakes, and a library
 * that tells it of the loss in that time (curator-cautious) saves it from a write the scenario
 * means it to make. Thread-safe.
 */
final class Holders {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The alias prefix in schedules: {@code holder-unfenced}. */
    static final String ALIAS = "holder-";
    /**
     * The prefix of the other alias: {@code waiter-unfenced} is a worker of the lane that is not
     * the holder chosen at that moment (it waits for the lock, or is about to ask for it), so a
     * fault lands on a contender while another worker holds (a clock set ahead there sees the
     * holder's lease as already over).
     */
    static final String WAITER = "waiter-";
    private static final String QUOTED_READ = "\"" + LockOps.READ + "\"";
    private static final String QUOTED_RELEASE = "\"" + LockOps.RELEASE + "\"";

    /**
     * Worker → its processes (a worker's threads are processes of their own) inside a critical
     * section → when (System.nanoTime) the read under the current grant was seen; a process
     * outside one is absent.
     */
    private final Map<String, Map<String, Long>> holding = new ConcurrentHashMap<>();
    private final java.util.Set<String> started = ConcurrentHashMap.newKeySet();
    /** Worker → when (System.nanoTime) its latest read under a grant was seen. */
    private final Map<String, Long> lastRead = new ConcurrentHashMap<>();
    /** Worker → when (System.nanoTime) it last said it holds after a read ({@link HoldAtRead}). */
    private final Map<String, Long> held = new ConcurrentHashMap<>();

    /** Notes one history line that worker {@code worker} streamed. */
    void saw(String worker, String line) {
        started.add(worker);
        if (!line.contains(QUOTED_READ) && !line.contains(QUOTED_RELEASE)) {
            return;
        }
        JsonNode op;
        try {
            op = JSON.readTree(line);
        } catch (JsonProcessingException notAnOp) {
            // Not an operation (the history reader reports such lines at the end); holds nothing.
            return;
        }
        String f = op.path("f").asText();
        String type = op.path("type").asText();
        String process = op.path("process").asText();
        Map<String, Long> processes = holding.computeIfAbsent(worker, w -> new ConcurrentHashMap<>());
        if (f.equals(LockOps.READ) && type.equals(OpType.OK.keyword())) {
            long now = System.nanoTime();
            processes.put(process, now);
            lastRead.put(worker, now);
        } else if (f.equals(LockOps.RELEASE) && type.equals(OpType.INVOKE.keyword())) {
            processes.remove(process);
        }
    }

    /**
     * Waits up to {@code patience} until each of {@code workers} has streamed a line (its
     * first operation); returns those that have not.
     */
    List<String> awaitStarted(List<String> workers, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (!started.containsAll(workers) && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
        return workers.stream().filter(w -> !started.contains(w)).toList();
    }

    /**
     * One holder from each group of workers (a worker holds when one of its threads does), all
     * holding at the same moment, each with its read
     * seen at most {@code fresh} ago (so that it is far from its release); waits up to
     * {@code patience} for such a moment. Empty when none came.
     */
    Optional<List<String>> awaitHolders(List<List<String>> groups, Duration fresh, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        do {
            long now = System.nanoTime();
            List<String> found = new ArrayList<>();
            for (List<String> group : groups) {
                group.stream().filter(w -> holding.getOrDefault(w, Map.of()).values().stream()
                        .anyMatch(since -> now - since <= fresh.toNanos())).findFirst().ifPresent(found::add);
            }
            if (found.size() == groups.size()) {
                return Optional.of(found);
            }
            LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
        } while (System.nanoTime() < deadline);
        return Optional.empty();
    }

    /**
     * The worker of {@code lane} whose latest read under a grant is the oldest (one never seen
     * reading first; ties to the earlier in {@code lane}): the one that has waited longest, so
     * likely among the next granted.
     */
    String longestWaiting(List<String> lane) {
        String chosen = lane.get(0);
        for (String w : lane) {
            if (lastRead.getOrDefault(w, Long.MIN_VALUE) < lastRead.getOrDefault(chosen, Long.MIN_VALUE)) {
                chosen = w;
            }
        }
        return chosen;
    }

    /** Notes one line of worker {@code worker}'s log (its stderr): {@link HoldAtRead#MARK} says it holds after a read. */
    void sawLog(String worker, String line) {
        if (line.startsWith(HoldAtRead.MARK)) {
            held.put(worker, System.nanoTime());
        }
    }

    /** Whether {@code worker} said it holds after a read at or after {@code sinceNanos} (System.nanoTime). */
    boolean heldSince(String worker, long sinceNanos) {
        Long at = held.get(worker);
        return at != null && at - sinceNanos >= 0;
    }

    /** The first worker of {@code lane} other than {@code holder}: the {@code waiter-<lane>} chosen with it. */
    static String waiter(List<String> lane, String holder) {
        return lane.stream().filter(w -> !w.equals(holder)).findFirst().orElseThrow(() -> new RunException(
                "a waiter needs a second worker in the lane of " + holder + "; its lane has " + lane));
    }
}
