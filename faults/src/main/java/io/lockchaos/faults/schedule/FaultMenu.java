package io.lockchaos.faults.schedule;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a topology lets a random schedule choose from: for each {@link FaultKind}, the names of
 * the nodes (and workers) it may act on, in the kinds' order. A kind with no names is not
 * offered; a failover offers the servers that may be the primary.
 *
 * @param offered the names each kind may act on
 * @param holders which of those names stand for whichever worker holds a lock when the fault
 *     starts (a run's {@code holder-<lane>}), which a {@link TimedSchedule} aims at half the time
 */
public record FaultMenu(Map<FaultKind, List<String>> offered, Set<String> holders) {

    /** A menu with no holders on it. */
    public FaultMenu(Map<FaultKind, List<String>> offered) {
        this(offered, Set.of());
    }

    public FaultMenu {
        Map<FaultKind, List<String>> copy = new EnumMap<>(FaultKind.class);
        offered.forEach((kind, names) -> {
            if (!names.isEmpty()) {
                copy.put(kind, List.copyOf(names));
            }
        });
        offered = java.util.Collections.unmodifiableMap(copy);
        holders = Set.copyOf(holders);
    }

    /** A menu that offers nothing. */
    public static FaultMenu empty() {
        return new FaultMenu(Map.of());
    }

    /** The names {@code kind} may act on; empty when it is not offered. */
    public List<String> offered(FaultKind kind) {
        return offered.getOrDefault(kind, List.of());
    }

    /** This menu with only the {@code kinds} on it. */
    public FaultMenu only(Set<FaultKind> kinds) {
        Map<FaultKind, List<String>> kept = new EnumMap<>(FaultKind.class);
        offered.forEach((kind, names) -> {
            if (kinds.contains(kind)) {
                kept.put(kind, names);
            }
        });
        return new FaultMenu(kept, holders);
    }

    /** This menu with {@code more} names offered for {@code kind}. */
    public FaultMenu with(FaultKind kind, List<String> more) {
        List<String> all = new ArrayList<>(offered(kind));
        more.stream().filter(name -> !all.contains(name)).forEach(all::add);
        Map<FaultKind, List<String>> changed = new EnumMap<>(FaultKind.class);
        changed.putAll(offered);
        changed.put(kind, all);
        return new FaultMenu(changed, holders);
    }

    /**
     * This menu with the {@code aliases} of the lanes' holders ({@code holder-<lane>}) offered for
     * {@code kind}, known as holders; offered as {@link #with} offers them.
     */
    public FaultMenu withHolders(FaultKind kind, List<String> aliases) {
        Set<String> all = new java.util.LinkedHashSet<>(holders);
        all.addAll(aliases);
        FaultMenu more = with(kind, aliases);
        return new FaultMenu(more.offered(), all);
    }

    public boolean isEmpty() {
        return offered.isEmpty();
    }
}
