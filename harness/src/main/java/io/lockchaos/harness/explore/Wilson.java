package io.lockchaos.harness.explore;

/**
 * A 95% Wilson score interval on a rate: {@code hits} of {@code runs}. Unlike the normal
 * approximation it stays inside [0, 1] and says something for 0 of 20 (0 to 16%).
 *
 * @param low the lower bound
 * @param high the upper bound
 */
public record Wilson(double low, double high) {

    /** z for a two-sided 95% interval. */
    private static final double Z = 1.959963984540054;

    /**
     * The interval for {@code hits} of {@code runs}.
     *
     * @throws IllegalArgumentException when {@code runs} is below 1 or {@code hits} outside 0..runs
     */
    public static Wilson of(int hits, int runs) {
        if (runs < 1 || hits < 0 || hits > runs) {
            throw new IllegalArgumentException("a rate needs 0 <= hits <= runs and runs >= 1, got " + hits + " of " + runs);
        }
        double n = runs;
        double p = hits / n;
        double z2 = Z * Z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = Z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
        return new Wilson(hits == 0 ? 0 : Math.max(0, centre - half), hits == runs ? 1 : Math.min(1, centre + half));
    }

    /** {@code 0-16%}: the bounds in whole percent. */
    public String percent() {
        return Math.round(low * 100) + "-" + Math.round(high * 100) + "%";
    }
}
