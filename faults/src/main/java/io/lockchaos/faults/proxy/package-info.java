/**
 * A TCP proxy that speaks Toxiproxy's HTTP API, for machines where Shopify's Toxiproxy (a Go
 * binary shipped as images and release files) cannot be installed. The unmodified
 * {@code eu.rekawek.toxiproxy:toxiproxy-java} client drives it; a user who can pull
 * {@code ghcr.io/shopify/toxiproxy} can use the real one instead, since both speak the same API.
 *
 * <h2>Model</h2>
 *
 * <p>A {@link io.lockchaos.faults.proxy.ToxiproxyServer} holds named proxies. A proxy listens on
 * one address and, for each client it accepts, connects to its upstream: that pair of sockets is a
 * connection, and each of its two directions is a link ({@code upstream}: client to server,
 * {@code downstream}: server to client). Each proxy has an ordered chain of toxics per direction;
 * a link runs every chunk of data through its direction's chain. Changing the chain changes live
 * links too: a latency toxic added now delays the next reply on a connection opened long ago,
 * and removing a {@code timeout} toxic closes the connections it was holding.
 *
 * <h2>Toxics</h2>
 *
 * <p>Each toxic type is a record of its attributes (exactly Toxiproxy's JSON {@code attributes})
 * that can start an {@code Effect} on a link: {@code latency} (ms ± jitter, counted from when the
 * data was read), {@code bandwidth} (KB/s), {@code slow_close} (delays the close), {@code timeout}
 * (swallows data; closes after an idle timeout, or never if 0), {@code reset_peer} (RST after the
 * first data plus a timeout), {@code slicer} (cuts data into small pieces with µs pauses) and
 * {@code limit_data} (closes after N bytes). A toxic's {@code toxicity} is the chance it applies to
 * a link, drawn when the link meets the toxic and again when the toxic is updated, as Toxiproxy
 * does.
 *
 * <h2>Threads</h2>
 *
 * <p>One I/O loop thread ({@code IoLoop}, a {@link java.nio.channels.Selector}) moves the bytes of
 * every connection of every proxy over non-blocking sockets, and finishes each connect to an
 * upstream; a proxy's listener thread only accepts. So a connection costs no thread, and a burst
 * of clients waits for no thread starts (on a loaded 2-core machine each costs about a
 * millisecond). With no toxics the loop writes what it reads straight on; with toxics, chunks are
 * timestamped and queued to the link's pump thread (started the first time a toxic has data to
 * work on), which runs them through the chain, where a toxic may wait, so a latency toxic delays a
 * stream without throttling it. What a link cannot write yet waits in its outbox; while more than
 * 1 MB waits, or 16 MB are queued for a pump, the loop stops reading that link's source, so a slow
 * reader slows its writer instead of filling memory. A close is graceful (what was handed on is
 * written first, for at most 2 s); a reset or a stopped proxy closes at once. Listening sockets
 * have Toxiproxy's accept backlog (4096), so a burst of connections is not turned away, and the
 * API's connections have TCP_NODELAY. Everything that owns sockets or threads is
 * {@code AutoCloseable}; closing the server closes every proxy and connection.
 *
 * <h2>Differences from Toxiproxy</h2>
 *
 * <p>A client's clean half-close is passed on as a half-close (Toxiproxy closes both ways); a
 * toxic that closes a connection closes both sockets, as Toxiproxy does. No {@code /metrics}.
 */
package io.lockchaos.faults.proxy;
