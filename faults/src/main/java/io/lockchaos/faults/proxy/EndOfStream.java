package io.lockchaos.faults.proxy;

/**
 * The source stopped sending: {@code clean} when it half-closed (EOF), not when its read failed
 * (reset, or the socket was closed under it).
 */
record EndOfStream(boolean clean) implements Transfer {
}
