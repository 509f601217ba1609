package io.lockchaos.harness.cluster;

import java.util.Map;

/**
 * A cluster while it starts, for containers started alongside its nodes (a run's workers):
 * its network, already created, and its labels. A container that carries
 * {@link #workerLabels} belongs to the cluster's run, so removing the cluster (or the next
 * run's clean-up after a killed one) removes it too.
 */
public record ClusterSite(RunLabels labels, String network) {

    public String runId() {
        return labels.runId();
    }

    /** The labels of the worker container {@code name}. */
    public Map<String, String> workerLabels(String name) {
        Map<String, String> l = labels.common();
        l.put(RunLabels.NODE, name);
        l.put(RunLabels.ROLE, "worker");
        return l;
    }
}
