/**
 * Histories in Jepsen's shape. An {@link io.lockchaos.history.Op} is one event
 * ({@code invoke}, {@code ok}, {@code fail} or {@code info}) of one
 * {@link io.lockchaos.history.Process}, with a function name and a typed
 * {@link io.lockchaos.history.Value}. A {@link io.lockchaos.history.History}
 * pairs each invocation with its process's next completion into an
 * {@link io.lockchaos.history.Operation}, and rejects a history where that pairing
 * is impossible, naming the event and its line.
 *
 * <p>{@code ok} took effect, {@code fail} certainly did not, {@code info} is unknown: it may
 * have taken effect at any time after its invocation, or never. An invocation that never
 * completed counts as {@code info}. Real-time order is the order of events in the history;
 * {@code time} (nanoseconds since the run's start) is for reports and for checks about
 * durations, and may be absent.
 */
package io.lockchaos.history;
