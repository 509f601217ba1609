/**
 * One Testcontainers class per lockchaos image, after Testcontainers' module recipe: port
 * constants, the wait strategy in the constructor, typed getters, and nothing about how a
 * cluster wires nodes together (that lives in {@link io.lockchaos.cluster}).
 *
 * <p>Every image starts its server through {@code faketime-exec}, so the server is the
 * container's PID 1 and runs under libfaketime with the offset read from
 * {@value io.lockchaos.cluster.containers.FaketimeFile#PATH} (initially {@code +0}). The
 * exception is {@link io.lockchaos.cluster.containers.ProxyContainer} when it runs Shopify's
 * Toxiproxy image, whose entry point is the Go server itself.
 */
package io.lockchaos.cluster.containers;
