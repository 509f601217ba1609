package io.lockchaos.faults.nemesis;

import io.lockchaos.checker.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;

/**
 * Toxics on the links through the proxy (latency, bandwidth, blackhole, reset-peer): the
 * nemesis hands every {@link FaultSpec.LinkToxic} to this interface, implemented where the
 * proxy lives ({@code io.lockchaos.faults.link}). A cluster without a proxy has none, and
 * the nemesis then refuses link toxics.
 */
public interface LinkFaults {

    /** The nodes whose client links go through the proxy. */
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
