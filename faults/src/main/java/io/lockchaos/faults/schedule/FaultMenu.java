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
 */
public record FaultMenu(Map<FaultKind, List<String>> offered) {

    public FaultMenu {
        Map<FaultKind, List<String>> copy = new EnumMap<>(FaultKind.class);
        offered.forEach((kind, names) -> {
            if (!names.isEmpty()) {
                copy.put(kind, List.copyOf(names));
            }
        });
        offered = java.util.Collections.unmodifiableMap(copy);
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
        return new FaultMenu(kept);
    }

    /** This menu with {@code more} names offered for {@code kind} (a run's {@code holder-<lane>} pause aliases). */
    public FaultMenu with(FaultKind kind, List<String> more) {
        List<String> all = new ArrayList<>(offered(kind));
        more.stream().filter(name -> !all.contains(name)).forEach(all::add);
        Map<FaultKind, List<String>> changed = new EnumMap<>(FaultKind.class);
        changed.putAll(offered);
        changed.put(kind, all);
        return new FaultMenu(changed);
    }

    public boolean isEmpty() {
        return offered.isEmpty();
    }
}
