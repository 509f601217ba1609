package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;

/**
 * Plays a {@link Schedule} against a {@link Nemesis}: injects each step at its time, heals
 * it its duration after the fault was in force, and always ends with {@link Nemesis#healAll()}: when the schedule
 * is over, when {@link #stop()} is called, when the thread is interrupted, and when an
 * injection or a heal throws (the exception then propagates, after the heal). One runner
 * plays one schedule: once stopped it stays stopped.
 *
 * <p>Steps the script puts one after the other stay one after the other: a step waits for the
 * heal of every earlier step whose scripted end ({@code at + for}) is no later than its own
 * start. Without that, a slow injection (a kill waits for the process to die, a holder pause
 * waits for a holder) pushes its heal past the next step's start, and the next step would
 * land on a node still down, say a {@code pause} on a killed server.
 */
public final class ScheduleRunner {

    /** How a run of the schedule ended. */
    public enum Outcome {
        /** Every step ran. */
        COMPLETED,
        /** {@link #stop()} ended it early. */
        STOPPED,
        /** The thread was interrupted (its interrupt flag is set again). */
        INTERRUPTED
    }

    /** One moment of the timeline: step {@code step} starts, or it is healed. */
    private record Event(long atNanos, boolean heal, int step) {
    }

    /** Time order; at the same time, heals first. */
    private static final Comparator<Event> ORDER = Comparator.comparingLong(Event::atNanos)
            .thenComparing(e -> !e.heal()).thenComparingInt(Event::step);

    private final Nemesis nemesis;
    private final ScheduleClock clock;
    private final CountDownLatch stop = new CountDownLatch(1);

    public ScheduleRunner(Nemesis nemesis, ScheduleClock clock) {
        this.nemesis = nemesis;
        this.clock = clock;
    }

    /** Ends the run early (from any thread); it heals everything and returns {@link Outcome#STOPPED}. */
    public void stop() {
        stop.countDown();
    }

    /**
     * Plays {@code schedule} from now; blocks until it is over and healed. A step's duration
     * counts from when its injection returned, that is from when the fault was in force (a pause
     * of three containers, or one that waits for a lock holder, takes a while to land).
     */
    public Outcome run(Schedule schedule) {
        List<ScheduledFault> steps = schedule.steps();
        ActiveFault[] active = new ActiveFault[steps.size()];
        long[] healAt = new long[steps.size()];
        long origin = clock.nanoTime();
        PriorityQueue<Event> timeline = new PriorityQueue<>(ORDER);
        for (int i = 0; i < steps.size(); i++) {
            timeline.add(new Event(steps.get(i).at().toNanos(), false, i));
        }
        Outcome outcome = Outcome.COMPLETED;
        try {
            for (Event event = timeline.poll(); event != null; event = timeline.poll()) {
                if (!clock.awaitUntil(origin + event.atNanos(), stop)) {
                    outcome = Outcome.STOPPED;
                    break;
                }
                if (event.heal()) {
                    active[event.step()].close();
                    active[event.step()] = null;
                    continue;
                }
                long wait = pendingHealBefore(steps, event.step(), active, healAt);
                if (wait > event.atNanos()) {
                    timeline.add(new Event(wait, false, event.step()));
                    continue;
                }
                ScheduledFault step = steps.get(event.step());
                active[event.step()] = nemesis.inject(step.fault());
                long inForce = clock.nanoTime() - origin;
                int index = event.step();
                step.duration().ifPresent(d -> {
                    healAt[index] = inForce + d.toNanos();
                    timeline.add(new Event(healAt[index], true, index));
                });
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = Outcome.INTERRUPTED;
        } finally {
            healAll();
        }
        return outcome;
    }

    /**
     * The latest pending heal among the steps the script ends before step {@code index} starts
     * (0 when there is none): the time step {@code index} has to wait for.
     */
    private static long pendingHealBefore(List<ScheduledFault> steps, int index, ActiveFault[] active, long[] healAt) {
        long start = steps.get(index).at().toNanos();
        long wait = 0;
        for (int j = 0; j < steps.size(); j++) {
            ScheduledFault earlier = steps.get(j);
            boolean endsBefore = earlier.duration().map(d -> earlier.at().plus(d).toNanos() <= start).orElse(false);
            if (j != index && active[j] != null && endsBefore) {
                wait = Math.max(wait, healAt[j]);
            }
        }
        return wait;
    }

    /** Heals with the interrupt flag clear (Docker calls fail on an interrupted thread), then restores it. */
    private void healAll() {
        boolean interrupted = Thread.interrupted();
        try {
            nemesis.healAll();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
