package io.lockchaos.faults.proxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The server's proxies by name (Toxiproxy's proxy collection): names are unique. */
final class ProxyRegistry implements AutoCloseable {
    private final ProxyRuntime runtime;
    private final Map<String, Proxy> proxies = new LinkedHashMap<>(); // guarded by this

    ProxyRegistry(ProxyRuntime runtime) {
        this.runtime = runtime;
    }

    /** Creates a proxy, started if the spec says enabled; 409 if the name is taken. */
    synchronized Proxy create(ProxySpec spec) {
        if (proxies.containsKey(spec.name())) {
            throw ApiException.proxyAlreadyExists();
        }
        return startAndPut(spec);
    }

    /**
     * Populate's rule: an existing proxy with the same listen and upstream is kept as it is;
     * one that differs is stopped and replaced (its toxics go with it).
     */
    synchronized Proxy createOrReplace(ProxySpec spec) {
        Proxy existing = proxies.get(spec.name());
        if (existing != null) {
            if (!existing.differs(spec.listen(), spec.upstream())) {
                return existing;
            }
            existing.close();
        }
        return startAndPut(spec);
    }

    private Proxy startAndPut(ProxySpec spec) {
        Proxy proxy = new Proxy(spec, runtime);
        if (spec.enabled()) {
            proxy.start();
        }
        proxies.put(spec.name(), proxy);
        return proxy;
    }

    synchronized Proxy get(String name) {
        Proxy proxy = proxies.get(name);
        if (proxy == null) {
            throw ApiException.proxyNotFound();
        }
        return proxy;
    }

    synchronized List<Proxy> all() {
        return new ArrayList<>(proxies.values());
    }

    synchronized void delete(String name) {
        get(name).close();
        proxies.remove(name);
    }

    /** Enables every proxy and removes every toxic. */
    synchronized void reset() {
        for (Proxy proxy : proxies.values()) {
            proxy.start();
            proxy.toxics().clear();
        }
    }

    @Override
    public synchronized void close() {
        proxies.values().forEach(Proxy::close);
        proxies.clear();
    }
}
