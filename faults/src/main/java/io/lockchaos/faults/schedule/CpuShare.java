package io.lockchaos.faults.schedule;

/**
 * A share of one CPU that a starved node may use, in tenths of a percent (0.1 % .. 100 %):
 * {@code starve worker-2 0.5%}. Its text is the percent with at most one decimal.
 *
 * @param permille tenths of a percent of one CPU
 */
public record CpuShare(int permille) {

    /** The smallest share, 0.1 % (the engine's smallest quota, 1 ms, in its longest period, 1 s). */
    public static final int MIN_PERMILLE = 1;
    /** The largest share: all of one CPU. */
    public static final int MAX_PERMILLE = 1000;

    public CpuShare {
        if (permille < MIN_PERMILLE || permille > MAX_PERMILLE) {
            throw new IllegalArgumentException("a CPU share of " + permille / 10.0 + "% is outside " + range());
        }
    }

    /** {@code percent} percent of one CPU, a whole number. */
    public static CpuShare percent(int percent) {
        return new CpuShare(percent * 10);
    }

    /** The share as a fraction of one CPU: 0.005 for 0.5 %. */
    public double fraction() {
        return permille / 1000.0;
    }

    /** The range of shares, for messages: {@code 0.1%..100%}. */
    public static String range() {
        return "0.1%..100%";
    }

    /** {@code 5%}, {@code 0.5%}. */
    @Override
    public String toString() {
        return permille % 10 == 0 ? permille / 10 + "%" : permille / 10 + "." + permille % 10 + "%";
    }
}
