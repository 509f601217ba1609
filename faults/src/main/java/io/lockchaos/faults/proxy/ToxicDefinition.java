package io.lockchaos.faults.proxy;

import java.util.random.RandomGenerator;

/**
 * A toxic as the API shows it: its name (unique within a proxy), type, direction, toxicity (the
 * probability that it applies to a given link, rolled per link when the toxic meets it and again
 * on each update) and attributes.
 */
record ToxicDefinition(String name, ToxicType type, Stream stream, float toxicity, Toxic toxic) {

    ToxicDefinition with(float newToxicity, Toxic newToxic) {
        return new ToxicDefinition(name, type, stream, newToxicity, newToxic);
    }

    /** Rolls the dice for one link: Toxiproxy applies a toxic when a uniform [0,1) draw is below its toxicity. */
    boolean rollOn(RandomGenerator random) {
        return random.nextFloat() < toxicity;
    }

    /** This toxic's effect on a link that just met it: the toxic's own, or pass-through if the roll says no. */
    Effect startOn(LinkControl link) {
        return rollOn(link.random()) ? toxic.start(link) : PassThrough.INSTANCE;
    }
}
