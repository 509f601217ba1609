package io.lockchaos.faults.proxy;

/**
 * A proxy's fields as the API shows them; {@code listen} is the address actually bound while the
 * proxy is enabled (the real port when 0 was asked for).
 */
record ProxyState(String name, String listen, String upstream, boolean enabled) {
}
