package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec;
import java.util.concurrent.atomic.AtomicBoolean;

/** An active fault whose heal runs once, on the first close. */
final class Healing implements ActiveFault {

    private final FaultSpec fault;
    private final Runnable heal;
    private final AtomicBoolean healed = new AtomicBoolean();

    Healing(FaultSpec fault, Runnable heal) {
        this.fault = fault;
        this.heal = heal;
    }

    /** A fault that is over once injected (a clock reset, a restart): closing does nothing. */
    static Healing done(FaultSpec fault) {
        Healing h = new Healing(fault, () -> { });
        h.healed.set(true);
        return h;
    }

    @Override
    public FaultSpec fault() {
        return fault;
    }

    @Override
    public boolean isHealed() {
        return healed.get();
    }

    @Override
    public void close() {
        if (healed.compareAndSet(false, true)) {
            heal.run();
        }
    }

    @Override
    public String toString() {
        return fault.script() + (isHealed() ? " (healed)" : " (in force)");
    }
}
