/**
 * Link faults: Toxiproxy toxics on the link between clients and one server, injected through
 * the real {@code toxiproxy-java} client into whichever Toxiproxy-API server sits in front of
 * the servers (lockchaos's own {@link io.lockchaos.faults.proxy.ToxiproxyServer} or Shopify's).
 *
 * <p>Every server of a cluster has a proxy named after it; a {@link io.lockchaos.faults.link.LinkTarget}
 * names that proxy (a cluster's {@code Node} is one). {@link io.lockchaos.faults.link.ToxiproxyLinks}
 * starts a fault on a target and returns it as an {@link io.lockchaos.faults.link.ActiveLinkFault},
 * which heals on {@code close()}:
 * <pre>{@code
 * try (var slow = links.latency(node, Duration.ofMillis(200), Duration.ofMillis(50))) {
 *     // every reply from node is 200 ± 50 ms late
 * }
 * links.healAll();   // Toxiproxy's /reset: every toxic gone, every proxy enabled
 * }</pre>
 *
 * <p>The kinds are Toxiproxy's own ({@link io.lockchaos.faults.link.LinkToxic}): latency with
 * jitter, bandwidth, timeout (0: a blackhole that never closes), reset_peer; a proxy can also be
 * disabled (its connections closed, new ones refused). Healing is idempotent: closing a fault
 * twice, or after {@code healAll}, does nothing more. Only connections through a proxy are
 * affected: clients that should feel link faults connect to the node's proxy port, not to the
 * server.
 */
package io.lockchaos.faults.link;
