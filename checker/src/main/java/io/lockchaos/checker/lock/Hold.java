package io.lockchaos.checker.lock;

import io.lockchaos.history.Process;

/**
 * A time a client believed it held a lock: from its acquire's {@code :ok} to the invocation of
 * its release (or of its next acquire of the same lock); never released, to the process's last
 * event, or to the end of the history when that last operation is indeterminate (the client
 * may still have been running). The report draws these as bars.
 *
 * @param lock     the lock's name
 * @param process  the holder
 * @param token    the grant's fencing token; null when the grant carried none
 * @param start    ns, the acquire's completion
 * @param end      ns, as above; never before {@code start}
 * @param released whether the hold ended with a release the client invoked
 */
public record Hold(String lock, Process process, Long token, long start, long end, boolean released) {
}
