package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;
import java.util.Map;

/**
 * The link package: toxics on the links through the cluster's proxy, which the cluster's
 * {@link ProxiedLinks} adds and removes (records {@code :start-latency}, {@code :stop-latency},
 * ... by the toxic's word). Injects {@code latency TARGETS LATENCY [jitter JITTER]},
 * {@code bandwidth TARGETS KBPS}, {@code blackhole TARGETS} and {@code reset-peer TARGETS}; a
 * random schedule puts 50 ms to 1 s of latency, with up to 100 ms of jitter, on one proxied
 * link; the sweep resets the proxy (every toxic removed, every proxy enabled).
 */
public final class LinkFault implements FaultPackage {

    @Override
    public List<String> offered(FaultTargets targets) {
        return targets.links().map(ProxiedLinks::proxied).orElse(List.of());
    }

    @Override
    public Map<Value, Value> sweepBeyondNodes(FaultTargets targets) {
        return targets.links().map(l -> l.healAll().entries()).orElse(Map.of());
    }
}
