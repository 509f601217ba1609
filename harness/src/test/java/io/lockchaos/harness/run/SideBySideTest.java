package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SideBySideTest {

    /** What the fake jobs saw: how many ran at once at most, and each job's start and end in order of events. */
    private static final class Log {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        /** A job that says it started after {@code startupMs}, then works {@code workMs}. */
        String job(String name, Runnable started, long startupMs, long workMs) {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            events.add("start " + name);
            sleep(startupMs);
            events.add("started " + name);
            started.run();
            sleep(workMs);
            events.add("end " + name);
            running.decrementAndGet();
            return name;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<SideBySide.Job<String>> jobs(String... names) {
        List<SideBySide.Job<String>> jobs = new ArrayList<>();
        for (String n : names) {
            jobs.add(new SideBySide.Job<>(n, n.startsWith("alone")));
        }
        return jobs;
    }

    private static SideBySide<String, String> slots(int n, double load) {
        return new SideBySide<>(n, () -> load, 4.0, Duration.ofMillis(5));
    }

    @Test
    void oneSlotRunsTheJobsOneAfterAnotherInOrder() throws InterruptedException {
        Log log = new Log();
        List<String> out = slots(1, 0).run(jobs("a", "b", "c"), (n, started) -> log.job(n, started, 5, 20), () -> false);
        assertEquals(List.of("a", "b", "c"), out);
        assertEquals(1, log.most.get());
        assertEquals(List.of("start a", "started a", "end a", "start b", "started b", "end b", "start c", "started c",
                "end c"), log.events);
    }

    @Test
    void twoSlotsRunSideBySideButNeverStartTwoAtOnce() throws InterruptedException {
        Log log = new Log();
        List<String> out = slots(2, 0).run(jobs("a", "b", "c", "d"), (n, started) -> log.job(n, started, 30, 150),
                () -> false);
        assertEquals(List.of("a", "b", "c", "d"), out, "results in the jobs' order");
        assertEquals(2, log.most.get(), "two at once, never more");
        for (String n : List.of("b", "c", "d")) {
            String before = String.valueOf((char) (n.charAt(0) - 1));
            assertTrue(log.events.indexOf("start " + n) > log.events.indexOf("started " + before),
                    n + " starts only once " + before + " is started: " + log.events);
        }
    }

    @Test
    void aLongStartUpHoldsTheNextJobBackOnlyForTheStagger() throws InterruptedException {
        Log log = new Log();
        SideBySide<String, String> staggered = new SideBySide<>(2, () -> 0, 4.0, Duration.ofMillis(5),
                Duration.ofMillis(100));
        staggered.run(jobs("a", "b"), (n, started) -> log.job(n, started, n.equals("a") ? 2000 : 5, 20), () -> false);
        assertTrue(log.events.indexOf("start b") < log.events.indexOf("started a"),
                "b starts 100 ms after a, while a is still starting up: " + log.events);
        Log loaded = new Log();
        new SideBySide<String, String>(2, () -> 9.0, 4.0, Duration.ofMillis(5), Duration.ofMillis(100))
                .run(jobs("a", "b"), (n, started) -> loaded.job(n, started, 300, 20), () -> false);
        assertEquals(1, loaded.most.get(), "the stagger never lets a job past the load");
    }

    @Test
    void aJobMarkedAloneNeverShares() throws InterruptedException {
        Log log = new Log();
        List<String> out = slots(3, 0).run(jobs("a", "alone-b", "c", "alone-d"), (n, started) -> log.job(n, started, 10,
                100), () -> false);
        assertEquals(List.of("a", "alone-b", "c", "alone-d"), out);
        assertEquals(List.of("start alone-b", "started alone-b", "end alone-b", "start alone-d", "started alone-d",
                "end alone-d"), log.events.subList(0, 6), "the alone jobs first, each holding the machine: " + log.events);
        assertEquals(2, log.most.get(), "then a and c side by side");
    }

    @Test
    void sideBySideTheAloneJobsStartFirstThenTheLongestButResultsKeepTheJobsOrder() throws InterruptedException {
        List<SideBySide.Job<String>> jobs = List.of(new SideBySide.Job<>("short", false, 10),
                new SideBySide.Job<>("long", false, 90), new SideBySide.Job<>("alone", true, 30),
                new SideBySide.Job<>("mid", false, 40), new SideBySide.Job<>("mid-too", false, 40));
        SideBySide<String, String> two = slots(2, 0);
        assertEquals(List.of(2, 1, 3, 4, 0), two.startOrder(jobs), "alone, then longest first, ties in the given order");
        assertEquals(List.of(0, 1, 2, 3, 4), slots(1, 0).startOrder(jobs), "one slot keeps the given order");
        Log log = new Log();
        List<String> out = two.run(jobs, (n, started) -> log.job(n, started, 5, 30), () -> false);
        assertEquals(List.of("short", "long", "alone", "mid", "mid-too"), out, "results in the jobs' order");
        List<String> starts = log.events.stream().filter(e -> e.startsWith("start ")).toList();
        assertEquals(List.of("start alone", "start long", "start mid", "start mid-too", "start short"), starts);
    }

    @Test
    void aLoadedMachineTakesNoSecondJob() throws InterruptedException {
        Log log = new Log();
        slots(2, 9.0).run(jobs("a", "b"), (n, started) -> log.job(n, started, 5, 60), () -> false);
        assertEquals(1, log.most.get(), "load 9 against at most 4: one at a time");
    }

    @Test
    void nothingStartsOnceStopping() throws InterruptedException {
        AtomicInteger ran = new AtomicInteger();
        List<String> out = slots(1, 0).run(jobs("a", "b", "c"), (n, started) -> {
            ran.incrementAndGet();
            return n;
        }, () -> ran.get() >= 1);
        assertEquals(List.of("a"), out);
    }

    @Test
    void aRunThatStoodStillPastTheSlackDoesNotCountAndSaysWhy() {
        assertTrue(SideBySide.stoodStill(SideBySide.STALL_SLACK_MS).isEmpty(), "at the slack it counts");
        assertTrue(SideBySide.stoodStill(402).isEmpty());
        String why = SideBySide.stoodStill(1250.5).orElseThrow();
        assertTrue(why.contains("stood still for 1250 ms") || why.contains("stood still for 1251 ms"), why);
        assertTrue(why.contains("not carried out"), why);
    }
}
