package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cut-off package ({@code partition workers [WORKER,...] [from NODE,...]}): workers cut off
 * from the lock service, or from the named part of it (the Redlock holder of docs/design.md,
 * row 6, that reaches only 3 of the 5 masters). One-sided: only the workers' namespaces get
 * rules (a {@link ClientNode} drops both directions), so no server is touched and the ledger's
 * storage stays reachable. Recorded as a partition of shape {@code workers} whose components
 * are the workers, then the nodes they are cut off from; the partition package's sweep removes
 * what a failed heal left. Never drawn by a random schedule.
 */
public final class CutOffFault implements FaultPackage {

    /**
     * Each of {@code workers} drops every one of {@code servers} (the whole lock service, or the
     * nodes after {@code from}), both ways, by rules in the worker's own namespace.
     */
    static ActiveFault inject(FaultSpec.CutOff spec, List<ClientNode> workers, List<Partitionable> servers,
                              FaultRecorder recorder) {
        Map<String, Partitionable> byName = new LinkedHashMap<>();
        servers.forEach(n -> byName.put(n.name(), n));
        workers.forEach(n -> byName.put(n.name(), n));
        Grudge grudge = new Grudge(List.of(Each.names(workers), Each.names(servers)), null);
        Map<String, Set<String>> drops = new LinkedHashMap<>(grudge.drops());
        drops.keySet().retainAll(Each.names(workers));
        return PartitionFault.apply(spec, "workers", grudge, drops, byName, recorder);
    }
}
