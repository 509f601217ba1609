package io.lockchaos.checker.lock;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;

/**
 * An acquire that completed {@code :ok} with a fencing token.
 *
 * @param lock       the lock
 * @param process    who was granted it
 * @param token      the fencing token
 * @param invokedAt  ns, when the acquire was invoked ({@code -1} without times)
 * @param grantedAt  ns, when the acquire completed ({@code -1} without times)
 * @param invokeEvent   the invocation's index in the history (real-time order)
 * @param completeEvent the completion's index in the history
 */
public record GrantedToken(String lock, Process process, long token, long invokedAt, long grantedAt,
                    int invokeEvent, int completeEvent) {

    static GrantedToken of(String lock, long token, Operation op) {
        return new GrantedToken(lock, op.process(), token, op.invokeTime(), op.completion().time(),
                op.invocation().index(), op.completion().index());
    }

    /** "process 3 was granted token 34 at 11.9 s". */
    String describe() {
        return "process " + process + " was granted token " + token + " at " + Sentences.at(grantedAt);
    }
}
