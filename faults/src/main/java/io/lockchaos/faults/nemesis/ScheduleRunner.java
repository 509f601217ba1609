package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Plays a {@link Schedule} against a {@link Nemesis}: injects each step at its time, heals
 * it after its duration, and always ends with {@link Nemesis#healAll()}: when the schedule
 * is over, when {@link #stop()} is called, when the thread is interrupted, and when an
 * injection or a heal throws (the exception then propagates, after the heal). One runner
 * plays one schedule: once stopped it stays stopped.
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

    /** Plays {@code schedule} from now; blocks until it is over and healed. */
    public Outcome run(Schedule schedule) {
        List<ScheduledFault> steps = schedule.steps();
        ActiveFault[] active = new ActiveFault[steps.size()];
        long origin = clock.nanoTime();
        Outcome outcome = Outcome.COMPLETED;
        try {
            for (Event event : timeline(steps)) {
                if (!clock.awaitUntil(origin + event.atNanos(), stop)) {
                    outcome = Outcome.STOPPED;
                    break;
                }
                if (event.heal()) {
                    active[event.step()].close();
                } else {
                    active[event.step()] = nemesis.inject(steps.get(event.step()).fault());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = Outcome.INTERRUPTED;
        } finally {
            healAll();
        }
        return outcome;
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

    /** Starts and heals in time order; at the same time, heals first. */
    private static List<Event> timeline(List<ScheduledFault> steps) {
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            ScheduledFault step = steps.get(i);
            events.add(new Event(step.at().toNanos(), false, i));
            int index = i;
            step.duration().ifPresent(d -> events.add(new Event(step.at().plus(d).toNanos(), true, index)));
        }
        events.sort(Comparator.comparingLong(Event::atNanos).thenComparing(e -> !e.heal()).thenComparingInt(Event::step));
        return events;
    }
}
