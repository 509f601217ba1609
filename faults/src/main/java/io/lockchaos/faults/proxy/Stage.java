package io.lockchaos.faults.proxy;

/**
 * One toxic's place in one link's chain. The effect is swapped when the toxic is updated;
 * {@code removed} lets data already past the chain snapshot skip a toxic that has gone.
 */
final class Stage {
    private final String name;
    private volatile Effect effect;
    private volatile boolean removed;

    Stage(String name, Effect effect) {
        this.name = name;
        this.effect = effect;
    }

    String name() {
        return name;
    }

    Effect effect() {
        return effect;
    }

    void replace(Effect next) {
        effect = next;
    }

    boolean removed() {
        return removed;
    }

    void markRemoved() {
        removed = true;
    }
}
