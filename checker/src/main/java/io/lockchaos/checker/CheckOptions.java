package io.lockchaos.checker;

import java.time.Duration;
import java.util.Objects;

/**
 * The context every check receives, passed explicitly.
 *
 * @param timeLimit  how long a check may search before it answers unknown
 * @param maxConfigs how many (linearized set, state) configurations a linearizability
 *                   search may remember before it answers unknown: the memory bound
 * @param threads    how many partitions may be searched in parallel
 */
public record CheckOptions(Duration timeLimit, long maxConfigs, int threads) {

    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(60);
    /** The memory bound's default; what a configuration costs depends on the history. */
    public static final long DEFAULT_MAX_CONFIGS = 5_000_000L;

    public CheckOptions {
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
        }
        if (maxConfigs <= 0) {
            throw new IllegalArgumentException("maxConfigs must be positive, got " + maxConfigs);
        }
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, got " + threads);
        }
    }

    public static CheckOptions defaults() {
        return new CheckOptions(DEFAULT_TIME_LIMIT, DEFAULT_MAX_CONFIGS,
                Runtime.getRuntime().availableProcessors());
    }

    public CheckOptions withMaxConfigs(long bound) {
        return new CheckOptions(timeLimit, bound, threads);
    }

    public CheckOptions withTimeLimit(Duration limit) {
        return new CheckOptions(limit, maxConfigs, threads);
    }
}
