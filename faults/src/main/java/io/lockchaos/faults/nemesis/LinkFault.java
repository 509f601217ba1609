package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.FaultSpec.ToxicKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The link package: toxics on the links through the cluster's proxy, which the cluster's
 * {@link ProxiedLinks} adds and removes (records {@code :start-latency}, {@code :stop-latency},
 * ... by the toxic's word). Reads {@code latency TARGETS LATENCY [jitter JITTER]},
 * {@code bandwidth TARGETS KBPS}, {@code blackhole TARGETS} and {@code reset-peer TARGETS}; a
 * random schedule puts 50 ms to 1 s of latency, with up to 100 ms of jitter, on one proxied
 * link; the sweep resets the proxy (every toxic removed, every proxy enabled).
 */
public final class LinkFault implements FaultPackage {

    @Override
    public List<FaultParser.Form> forms() {
        return List.of(new FaultParser.Form("latency", LinkFault::latency),
                new FaultParser.Form("bandwidth", p -> new FaultSpec.LinkToxic(ToxicKind.BANDWIDTH, p.targets(),
                        Duration.ZERO, Duration.ZERO, p.number("a rate in KB/s"))),
                new FaultParser.Form("blackhole", p -> plain(ToxicKind.BLACKHOLE, p)),
                new FaultParser.Form("reset-peer", p -> plain(ToxicKind.RESET_PEER, p)));
    }

    private static FaultSpec latency(FaultParser p) {
        List<String> targets = p.targets();
        Duration latency = p.duration("a latency such as 200ms");
        Duration jitter = p.skip("jitter") ? p.duration("a jitter such as 50ms") : Duration.ZERO;
        return new FaultSpec.LinkToxic(ToxicKind.LATENCY, targets, latency, jitter, 0);
    }

    /** A toxic that takes no argument. */
    private static FaultSpec plain(ToxicKind kind, FaultParser p) {
        return new FaultSpec.LinkToxic(kind, p.targets(), Duration.ZERO, Duration.ZERO, 0);
    }

    @Override
    public Optional<FaultKind.Drawing> drawing() {
        return Optional.of(offered -> List.of(r -> new FaultSpec.LinkToxic(ToxicKind.LATENCY,
                List.of(FaultKind.Draw.pick(r, offered)), Duration.ofMillis(50 + r.nextInt(950)),
                Duration.ofMillis(r.nextInt(100)), 0)));
    }

    @Override
    public List<String> offered(FaultTargets targets) {
        return targets.links().map(ProxiedLinks::proxied).orElse(List.of());
    }

    @Override
    public Map<Value, Value> sweepBeyondNodes(FaultTargets targets) {
        return targets.links().map(l -> l.healAll().entries()).orElse(Map.of());
    }
}
