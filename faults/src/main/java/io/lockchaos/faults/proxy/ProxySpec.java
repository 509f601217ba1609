package io.lockchaos.faults.proxy;

/** A proxy as a client asks for it: name, listen and upstream addresses, and whether it runs. */
record ProxySpec(String name, String listen, String upstream, boolean enabled) {
}
