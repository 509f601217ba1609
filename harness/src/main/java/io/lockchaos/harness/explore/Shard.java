package io.lockchaos.harness.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The {@code index}-th of {@code count} disjoint slices of a list of work ({@code --shard I/N}).
 * Every shard computes the same split from the same list and weights, so N machines that each
 * run one shard run every item exactly once.
 *
 * @param index 1-based, at most {@code count}
 * @param count how many shards
 */
public record Shard(int index, int count) {

    /** The whole list: one shard of one. */
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new ExploreException("--shard " + index + "/" + count + " is no shard; give I/N with 1 <= I <= N");
        }
    }

    /**
     * Reads {@code I/N}.
     *
     * @throws ExploreException saying what the option should look like
     */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length != 2) {
            throw new ExploreException("--shard is '" + text + "'; give I/N, e.g. 2/4 (the second of four shards)");
        }
        try {
            return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new ExploreException("--shard is '" + text + "'; give I/N with whole numbers, e.g. 2/4");
        }
    }

    /**
     * This shard's items, in their order in {@code items}. The split is greedy longest first:
     * items by weight, heaviest first (ties in list order), each to the shard with the least
     * weight so far (ties to the lowest shard); with equal weights that is item k to shard
     * {@code k mod N + 1}.
     */
    public <T> List<T> slice(List<T> items, ToDoubleFunction<T> weight) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -weight.applyAsDouble(items.get(i))));
        double[] load = new double[count];
        boolean[] mine = new boolean[items.size()];
        for (int i : order) {
            int lightest = 0;
            for (int s = 1; s < count; s++) {
                if (load[s] < load[lightest]) {
                    lightest = s;
                }
            }
            load[lightest] += weight.applyAsDouble(items.get(i));
            mine[i] = lightest == index - 1;
        }
        List<T> slice = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (mine[i]) {
                slice.add(items.get(i));
            }
        }
        return slice;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
