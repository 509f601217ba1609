package io.lockchaos.cluster;

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

    /**
     * The labels of a short-lived helper container of the run that must outlive the cluster's
     * removal (which takes every container of the run): a run of its own, {@code <run id>-<suffix>},
     * with the same owner, so that it is still removed as an orphan if this process dies.
     */
    public Map<String, String> helperLabels(String suffix) {
        RunLabels own = new RunLabels(labels.runId() + "-" + suffix, labels.topology(), labels.owner(),
                labels.detached(), labels.checkout());
        Map<String, String> l = own.common();
        l.put(RunLabels.NODE, suffix);
        l.put(RunLabels.ROLE, "helper");
        return l;
    }

    /** The labels of the worker container {@code name}. */
    public Map<String, String> workerLabels(String name) {
        Map<String, String> l = labels.common();
        l.put(RunLabels.NODE, name);
        l.put(RunLabels.ROLE, "worker");
        return l;
    }
}
