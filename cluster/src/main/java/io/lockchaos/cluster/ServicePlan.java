package io.lockchaos.cluster;

import java.util.List;

/**
 * A topology's lock-service nodes to start, wave by wave (every node of a wave starts in
 * parallel; a wave starts when the one before it is up), and its readiness check. {@link Plan}
 * adds the nodes every topology has.
 *
 * @param waves the nodes, wave by wave (at least one wave)
 * @param ready waits, after the last wave is up and the proxies are wired, until the lock
 *     service can do its job
 */
public record ServicePlan(List<List<NodeSpec>> waves, Runnable ready) {

    public ServicePlan {
        waves = waves.stream().map(List::copyOf).toList();
        if (waves.isEmpty()) {
            throw new ClusterException("a topology's plan starts no node; give it at least one wave");
        }
    }

    /** One wave, ready as soon as it is up. */
    public static ServicePlan oneWave(List<NodeSpec> nodes) {
        return new ServicePlan(List.of(nodes), () -> { });
    }
}
