package io.lockchaos.faults.schedule;

import java.util.List;
import java.util.Set;

/**
 * What a topology lets a random schedule choose from: the names of the nodes (and workers)
 * that support each kind of fault. Empty lists mean the kind is not offered.
 *
 * @param pausable      processes that can be stopped and continued
 * @param clockSkewable processes running under libfaketime
 * @param killable      servers that can be killed and restarted
 * @param partitionable nodes whose network can be cut with iptables
 * @param proxied       nodes whose client links go through the proxy
 * @param failover      whether Sentinel can be made to fail over
 */
public record FaultMenu(List<String> pausable, List<String> clockSkewable, List<String> killable,
                        List<String> partitionable, List<String> proxied, boolean failover) {

    public FaultMenu {
        pausable = List.copyOf(pausable);
        clockSkewable = List.copyOf(clockSkewable);
        killable = List.copyOf(killable);
        partitionable = List.copyOf(partitionable);
        proxied = List.copyOf(proxied);
    }

    /** This menu with only the {@code kinds} on it (link toxics are {@link FaultKind#LINK}). */
    public FaultMenu only(Set<FaultKind> kinds) {
        return new FaultMenu(kinds.contains(FaultKind.PAUSE) ? pausable : List.of(),
                kinds.contains(FaultKind.CLOCK) ? clockSkewable : List.of(),
                kinds.contains(FaultKind.KILL) ? killable : List.of(),
                kinds.contains(FaultKind.PARTITION) ? partitionable : List.of(),
                kinds.contains(FaultKind.LINK) ? proxied : List.of(),
                failover && kinds.contains(FaultKind.FAILOVER));
    }

    /** This menu with {@code more} processes that can be paused (a run's {@code holder-<lane>} aliases). */
    public FaultMenu withPausable(List<String> more) {
        List<String> all = new java.util.ArrayList<>(pausable);
        more.stream().filter(name -> !all.contains(name)).forEach(all::add);
        return new FaultMenu(all, clockSkewable, killable, partitionable, proxied, failover);
    }

    public boolean isEmpty() {
        return pausable.isEmpty() && clockSkewable.isEmpty() && killable.isEmpty()
                && partitionable.isEmpty() && proxied.isEmpty() && !failover;
    }
}
