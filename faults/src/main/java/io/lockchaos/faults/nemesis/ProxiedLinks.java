package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;

/**
 * The capability of a cluster with a proxy: toxics on the links through it (latency,
 * bandwidth, blackhole, reset-peer). {@link LinkFault}, the link package, hands every
 * {@link FaultSpec.LinkToxic} to it once its targets are checked to be proxied, and its sweep
 * calls {@link #healAll()}. The harness implements it over the cluster's {@code toxiproxy} node
 * with {@link io.lockchaos.faults.link.ToxiproxyLinks} (the toxiproxy-java client); a cluster
 * without that node (a cluster state written by an older lockchaos, a test's fake) has none,
 * and the nemesis then refuses link toxics and offers none to a random schedule.
 */
public interface ProxiedLinks {

    /**
     * The link targets a toxic may name: each lock-service node's client link
     * ({@code redis-1}), and where the topology has them each replica's replication link
     * ({@code redis-2-replication}) and each ZooKeeper server's quorum link ({@code zk-1-quorum}).
     */
    List<String> proxied();

    /** Adds the toxic; closing the result removes exactly it. Records through {@code recorder}. */
    ActiveFault inject(FaultSpec.LinkToxic toxic, FaultRecorder recorder);

    /**
     * Removes every toxic on every proxied link and enables every proxy; returns what it found
     * for the {@code heal-all} op: {@code {:toxics-removed [{:proxy "redis-1" :toxics [...]}]
     * :proxies-enabled [...]}}.
     */
    Value.Dict healAll();
}
