package io.lockchaos.workloads.lock;

import java.time.Duration;

/**
 * A lock client whose grants carry a token from a {@link TokenSource}, taken right after the
 * lock is granted. A lock with a token of its own keeps it only when no source is asked for.
 * If the token cannot be had the grant is released (best effort) and the failure is thrown:
 * the acquire's outcome is unknown. Closing closes both. Other
 * capabilities are the wrapped client's: see {@link io.lockchaos.workloads.backend.LockClients#capability}.
 */
public final class TokenedLockClient implements LockClient, FencingTokens {

    private final LockClient lock;
    private final TokenSource tokens;

    public TokenedLockClient(LockClient lock, TokenSource tokens) {
        this.lock = lock;
        this.tokens = tokens;
    }

    @Override
    public String backend() {
        return lock.backend() + "+" + tokens.name();
    }

    @Override
    public Acquisition acquire(String name, Duration timeout) {
        Acquisition result = lock.acquire(name, timeout);
        if (!(result instanceof Acquisition.Granted granted)) {
            return result;
        }
        long token;
        try {
            token = tokens.next(name);
        } catch (RuntimeException e) {
            try {
                lock.release(granted.grant());
            } catch (RuntimeException releaseFailure) {
                e.addSuppressed(releaseFailure);
            }
            throw e;
        }
        return Acquisition.granted(granted.grant().withToken(token));
    }

    @Override
    public boolean release(Grant grant) {
        return lock.release(grant);
    }

    @Override
    public String tokenOrigin() {
        return tokens.name();
    }

    /** The lock client whose grants get tokens: ask it for its other capabilities. */
    public LockClient wrapped() {
        return lock;
    }

    @Override
    public void close() {
        try {
            lock.close();
        } finally {
            tokens.close();
        }
    }
}
