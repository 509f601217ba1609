package io.lockchaos.faults.link;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Injects link faults through a Toxiproxy API (lockchaos's server or Shopify's; both speak the
 * same API). Toxics are named {@code <kind>-<stream>-<n>}, unique per instance, so faults on
 * the same proxy can overlap and heal separately.
 */
public final class ToxiproxyLinks {

    private final ToxiproxyClient client;
    private final String api;
    private final AtomicLong sequence = new AtomicLong();

    /** Faults through the API at {@code host:port} (e.g. the proxy container's published port). */
    public ToxiproxyLinks(String host, int port) {
        this.client = new ToxiproxyClient(host, port);
        this.api = host + ":" + port;
    }

    /** The client, for what this class does not cover. */
    public ToxiproxyClient client() {
        return client;
    }

    /** Replies from {@code target} arrive {@code latency} ± {@code jitter} late. */
    public ActiveLinkFault latency(LinkTarget target, Duration latency, Duration jitter) {
        return inject(target, new LinkToxic.Latency(latency, jitter), LinkDirection.DOWNSTREAM);
    }

    /** Replies from {@code target} flow at most {@code kilobytesPerSecond} KB/s. */
    public ActiveLinkFault bandwidth(LinkTarget target, long kilobytesPerSecond) {
        return inject(target, new LinkToxic.Bandwidth(kilobytesPerSecond), LinkDirection.DOWNSTREAM);
    }

    /**
     * Replies from {@code target} are swallowed and connections closed after {@code timeout};
     * healing closes the connections it held, so clients must reconnect.
     */
    public ActiveLinkFault timeout(LinkTarget target, Duration timeout) {
        return inject(target, new LinkToxic.Timeout(timeout), LinkDirection.DOWNSTREAM);
    }

    /** Both ways, data to and from {@code target} vanishes and no connection is ever closed. */
    public ActiveLinkFault blackhole(LinkTarget target) {
        return inject(target, new LinkToxic.Timeout(Duration.ZERO), LinkDirection.BOTH);
    }

    /** Connections to {@code target} are reset (RST) {@code timeout} after data arrives. */
    public ActiveLinkFault resetPeer(LinkTarget target, Duration timeout) {
        return inject(target, new LinkToxic.ResetPeer(timeout), LinkDirection.UPSTREAM);
    }

    /**
     * Adds {@code toxic} on {@code direction} of {@code target}'s proxy.
     *
     * @throws LinkFaultException naming the proxy when the API refuses (no such proxy: 404)
     *     or does not answer; toxics added before the failure are removed again
     */
    public ActiveLinkFault inject(LinkTarget target, LinkToxic toxic, LinkDirection direction) {
        Proxy proxy = proxy(target);
        List<Toxic> added = new ArrayList<>();
        try {
            for (ToxicDirection stream : direction.streams()) {
                String name = toxic.kind() + "-" + stream.name().toLowerCase(Locale.ROOT) + "-"
                        + sequence.incrementAndGet();
                added.add(toxic.create(proxy.toxics(), name, stream));
            }
        } catch (IOException e) {
            ActiveLinkFault partial = new ActiveLinkFault("partly added " + toxic, () -> removeAll(added));
            partial.close();
            throw new LinkFaultException("could not add " + toxic + " to proxy '" + target.name() + "' at " + api
                    + ": " + e.getMessage(), e);
        }
        String names = String.join(", ", added.stream().map(Toxic::getName).toList());
        return new ActiveLinkFault(toxic + " " + direction.name().toLowerCase(Locale.ROOT) + " on "
                + target.name() + " (" + names + ")", () -> removeAll(added));
    }

    /**
     * Disables {@code target}'s proxy: its connections are closed and new ones refused until
     * the fault heals (re-enables it).
     */
    public ActiveLinkFault disable(LinkTarget target) {
        Proxy proxy = proxy(target);
        try {
            proxy.disable();
        } catch (IOException e) {
            throw new LinkFaultException("could not disable proxy '" + target.name() + "' at " + api + ": "
                    + e.getMessage(), e);
        }
        return new ActiveLinkFault("proxy " + target.name() + " disabled", proxy::enable);
    }

    /**
     * Heals every link fault on every proxy of this API (Toxiproxy's {@code POST /reset}:
     * removes every toxic and enables every proxy) and says what it found. Idempotent.
     *
     * @throws LinkFaultException when the API does not answer
     */
    public LinkReset healAll() {
        Map<String, List<String>> toxics = new HashMap<>();
        List<String> disabled = new ArrayList<>();
        try {
            for (Proxy proxy : client.getProxies()) {
                List<String> names = proxy.toxics().getAll().stream().map(Toxic::getName).toList();
                if (!names.isEmpty()) {
                    toxics.put(proxy.getName(), names);
                }
                if (!proxy.isEnabled()) {
                    disabled.add(proxy.getName());
                }
            }
            client.reset();
        } catch (IOException e) {
            throw new LinkFaultException("could not reset the Toxiproxy API at " + api + ": " + e.getMessage()
                    + "; is the proxy container running?", e);
        }
        return new LinkReset(toxics, disabled);
    }

    /** The toxics now on {@code target}'s proxy, by name (both directions). */
    public List<String> toxicNames(LinkTarget target) {
        try {
            return proxy(target).toxics().getAll().stream().map(Toxic::getName).toList();
        } catch (IOException e) {
            throw new LinkFaultException("could not list the toxics of proxy '" + target.name() + "' at " + api
                    + ": " + e.getMessage(), e);
        }
    }

    private Proxy proxy(LinkTarget target) {
        try {
            return client.getProxy(target.name());
        } catch (IOException e) {
            throw new LinkFaultException("no proxy '" + target.name() + "' at the Toxiproxy API " + api + " ("
                    + e.getMessage() + "); every cluster node has a proxy named after it, so check the node name", e);
        }
    }

    private static void removeAll(List<Toxic> toxics) throws IOException {
        IOException first = null;
        for (Toxic toxic : toxics) {
            try {
                toxic.remove();
            } catch (java.io.FileNotFoundException gone) {
                // 404: removed already (healAll, or the proxy was deleted).
                continue;
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
