package io.lockchaos.cluster.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.link.ActiveLinkFault;
import io.lockchaos.faults.link.ToxiproxyLinks;
import io.lockchaos.faults.nemesis.ProxiedLinks;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.faults.link.LinkReset;
import io.lockchaos.faults.link.LinkTarget;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultRecorder;
import io.lockchaos.faults.schedule.FaultSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A cluster's {@link ProxiedLinks}: the link package's toxics on the cluster's proxy, through
 * toxiproxy-java.
 * Injecting adds one toxic per target and records {@code :start-latency {:targets [...] ...}};
 * closing removes exactly those toxics and records {@code :stop-latency}.
 */
final class ProxyLinks implements ProxiedLinks {

    private final ToxiproxyLinks links;
    private final List<String> proxied;

    ProxyLinks(ToxiproxyLinks links, List<String> proxied) {
        this.links = links;
        this.proxied = List.copyOf(proxied);
    }

    @Override
    public List<String> proxied() {
        return proxied;
    }

    @Override
    public ActiveFault inject(FaultSpec.LinkToxic toxic, FaultRecorder recorder) {
        List<ActiveLinkFault> added = new ArrayList<>();
        try {
            for (String target : toxic.targets()) {
                added.add(add((LinkTarget) () -> target, toxic));
            }
        } catch (RuntimeException e) {
            added.forEach(ActiveLinkFault::close);
            throw e;
        }
        String band = toxic.type().word();
        Value.Dict value = describe(toxic);
        recorder.record(NemesisOps.start(band), value);
        return ActiveFault.healedBy(toxic, () -> {
            added.forEach(ActiveLinkFault::close);
            recorder.record(NemesisOps.stop(band), value);
        });
    }

    private ActiveLinkFault add(LinkTarget target, FaultSpec.LinkToxic toxic) {
        return switch (toxic.type()) {
            case LATENCY -> links.latency(target, toxic.latency(), toxic.jitter());
            case BANDWIDTH -> links.bandwidth(target, toxic.rateKbps());
            case BLACKHOLE -> links.blackhole(target);
            case RESET_PEER -> links.resetPeer(target, Duration.ZERO);
        };
    }

    private static Value.Dict describe(FaultSpec.LinkToxic toxic) {
        Value targets = new Value.Vec(toxic.targets().stream().map(Value::of).toList());
        return switch (toxic.type()) {
            case LATENCY -> Value.map(NemesisOps.TARGETS, targets, "latency-ms", toxic.latency().toMillis(),
                    "jitter-ms", toxic.jitter().toMillis());
            case BANDWIDTH -> Value.map(NemesisOps.TARGETS, targets, "rate-kbps", toxic.rateKbps());
            case BLACKHOLE, RESET_PEER -> Value.map(NemesisOps.TARGETS, targets);
        };
    }

    /**
     * What is in force on the proxy now, by proxy name: each toxic's name (the toxic's type and
     * direction, {@code latency_downstream}), and {@code disabled} for a proxy that is off. Read
     * from the Toxiproxy API, never remembered; a proxy with nothing in force is left out.
     */
    java.util.Map<String, List<String>> inForce() {
        java.util.Map<String, List<String>> found = new java.util.TreeMap<>();
        try {
            for (eu.rekawek.toxiproxy.Proxy proxy : links.client().getProxies()) {
                List<String> what = new ArrayList<>();
                for (eu.rekawek.toxiproxy.model.Toxic toxic : proxy.toxics().getAll()) {
                    what.add(toxic.getName());
                }
                if (!proxy.isEnabled()) {
                    what.add("disabled");
                }
                if (!what.isEmpty()) {
                    found.put(proxy.getName(), what);
                }
            }
        } catch (java.io.IOException e) {
            throw new io.lockchaos.faults.nemesis.NemesisException("could not list the proxy's toxics: "
                    + e.getMessage() + "; is the toxiproxy container running? ('lockchaos cluster status')", e);
        }
        return found;
    }

    /** Resets the proxy; the value names each toxic removed (by proxy) and each proxy enabled again. */
    @Override
    public Value.Dict healAll() {
        LinkReset reset = links.healAll();
        List<Value> toxics = reset.toxics().entrySet().stream()
                .map(e -> (Value) Value.map("proxy", e.getKey(),
                        "toxics", new Value.Vec(e.getValue().stream().map(Value::of).toList())))
                .toList();
        return Value.map("toxics-removed", new Value.Vec(toxics),
                "proxies-enabled", new Value.Vec(reset.enabled().stream().map(Value::of).toList()));
    }
}
