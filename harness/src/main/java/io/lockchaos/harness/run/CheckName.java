package io.lockchaos.harness.run;

import io.lockchaos.history.ops.Fencing;
import java.util.Optional;

/**
 * The name of one check's result in results.json, {@code expect} and the tables: a check merged
 * over every lane ({@code mutex}) or one lane's ({@code mutex-unfenced}). Built here only, so a
 * check's name and its lanes' names cannot drift apart.
 *
 * @param check the check: {@link #MUTEX}, {@link #HOLDS}, {@link #TOKENS}, {@link #LEDGER}, {@link #TICKS}
 * @param lane the lane's storage mode; empty for the merged result
 */
public record CheckName(String check, Optional<Fencing> lane) {

    public static final String MUTEX = "mutex";
    public static final String HOLDS = "holds";
    public static final String TOKENS = "tokens";
    public static final String LEDGER = "ledger";
    public static final String TICKS = "ticks";

    /** {@code check} merged over every lane. */
    public static CheckName merged(String check) {
        return new CheckName(check, Optional.empty());
    }

    /** {@code check} of the lane whose storage mode is {@code lane}. */
    public static CheckName of(String check, Fencing lane) {
        return new CheckName(check, Optional.of(lane));
    }

    /** The name as written: {@code mutex}, {@code ledger-fenced}. */
    public String id() {
        return lane.map(l -> check + "-" + l.id()).orElse(check);
    }

    @Override
    public String toString() {
        return id();
    }
}
