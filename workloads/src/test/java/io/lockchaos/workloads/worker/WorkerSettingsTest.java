package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A worker's threads: each its own process, never one another worker's thread has or retires into. */
class WorkerSettingsTest {

    private static WorkerSettings worker(int process, int workers, int threads) {
        return new WorkerSettings(process, workers, threads, List.of("job-0"), Duration.ofSeconds(1), Duration.ZERO,
                Duration.ZERO, Duration.ofSeconds(1), 5);
    }

    @Test
    void everyThreadOfEveryWorkerIsAProcessOfItsOwnAndStaysSoWhenItRetires() {
        int workers = 3;
        int threads = 4;
        Set<Integer> seen = new HashSet<>();
        for (int w = 0; w < workers; w++) {
            for (int t = 0; t < threads; t++) {
                WorkerSettings thread = worker(w, workers, threads).thread(t);
                assertEquals(1, thread.threads());
                for (int retired = 0; retired < 5; retired++) {
                    assertTrue(seen.add(thread.process() + retired * thread.workers()),
                            "worker " + w + " thread " + t + " after " + retired + " retirements");
                }
            }
        }
        assertEquals(2, worker(2, workers, threads).thread(0).process(), "the first thread keeps the worker's number");
        assertEquals(5, worker(2, workers, threads).thread(1).process());
    }

    @Test
    void oneThreadIsTheWorkerAsBeforeAndNoThreadsAreRefused() {
        assertEquals(worker(1, 3, 1), worker(1, 3, 1).thread(0));
        assertThrows(WorkloadException.class, () -> worker(0, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> worker(0, 3, 2).thread(2));
    }
}
