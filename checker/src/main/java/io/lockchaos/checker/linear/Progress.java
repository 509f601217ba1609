package io.lockchaos.checker.linear;

/**
 * How far one partition's search got, for an unknown answer: three numbers, so that it can
 * be taken after an {@link OutOfMemoryError} once the search itself is let go.
 *
 * @param longestPrefix  the most operations linearized at once
 * @param operations     the partition's operations
 * @param configurations the configurations remembered
 */
record Progress(int longestPrefix, int operations, long configurations) {

    /** In words, for the reason of an unknown answer. */
    String describe() {
        return "the longest linearizable prefix found had " + longestPrefix + " of " + operations
                + " operations, after " + configurations + " configurations";
    }
}
