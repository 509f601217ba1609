package io.lockchaos.cluster;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Network;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

/**
 * Removes lockchaos's labelled containers and networks: those of one run (closing a
 * cluster, {@code cluster down}) or those whose run is garbage by {@link RunLabels}' rule
 * (at every start, since Testcontainers' reaper is off here). Only runs of this checkout
 * ({@link RunLabels#ours}) are ever garbage: another checkout's are listed, never removed.
 */
public final class Leftovers {

    /** How long a container another clean-up is removing, and a network it held, may take to go. */
    private static final Duration GONE_WITHIN = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);

    private final DockerClient docker;
    private final String checkout;

    /** Leftovers of {@code checkout} (a canonical path, {@link RunLabels#currentCheckout()}). */
    public Leftovers(DockerClient docker, String checkout) {
        this.docker = docker;
        this.checkout = checkout;
    }

    /** A run of another checkout, seen and left alone. */
    public record Foreign(String runId, String topology, String checkout, boolean detached) {
        @Override
        public String toString() {
            return "run " + runId + " (" + topology + (detached ? ", cluster up" : "") + ") of " + checkout;
        }
    }

    /** Removes every container, then the network, labelled with {@code runId}. */
    public void removeRun(String runId) {
        remove(labels -> runId.equals(labels.get(RunLabels.RUN)));
    }

    /** Removes the runs of this checkout's JVMs that died without closing their cluster. */
    public List<String> removeOrphans() {
        return remove(labels -> RunLabels.ours(labels, checkout) && !"true".equals(labels.get(RunLabels.DETACHED))
                && RunLabels.ownerIsGone(labels.get(RunLabels.OWNER)));
    }

    /** Removes this checkout's detached runs ({@code cluster up}) other than {@code keepRunId} (may be null). */
    public List<String> removeDetachedExcept(String keepRunId) {
        return remove(labels -> RunLabels.ours(labels, checkout) && "true".equals(labels.get(RunLabels.DETACHED))
                && !labels.get(RunLabels.RUN).equals(keepRunId));
    }

    /** The runs of other checkouts on this engine, which nothing here removes. */
    public List<Foreign> foreign() {
        Map<String, Foreign> runs = new LinkedHashMap<>();
        for (Container c : docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(RunLabels.RUN)).exec()) {
            Map<String, String> l = c.getLabels();
            if (!RunLabels.ours(l, checkout)) {
                runs.putIfAbsent(l.get(RunLabels.RUN), new Foreign(l.get(RunLabels.RUN), l.get(RunLabels.TOPOLOGY),
                        l.getOrDefault(RunLabels.CHECKOUT, "an unlabelled checkout"),
                        "true".equals(l.get(RunLabels.DETACHED))));
            }
        }
        return List.copyOf(runs.values());
    }

    /** The ids of this checkout's containers, running or not. */
    public List<String> containersOfCheckout() {
        return docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(RunLabels.CHECKOUT, checkout)).exec()
                .stream().map(Container::getId).toList();
    }

    /**
     * The checkout label of run {@code runId}'s containers (the checkout that started it);
     * empty when none of them exists, or they carry no such label (an older lockchaos).
     */
    public java.util.Optional<String> checkoutOf(String runId) {
        return docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(RunLabels.RUN, runId)).exec()
                .stream().map(c -> c.getLabels().get(RunLabels.CHECKOUT)).filter(java.util.Objects::nonNull).findFirst();
    }

    /** The ids of the containers labelled with {@code runId}, running or not. */
    public List<String> containersOf(String runId) {
        return docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(RunLabels.RUN, runId)).exec()
                .stream().map(Container::getId).toList();
    }

    /** The ids of the networks labelled with {@code runId}. */
    public List<String> networksOf(String runId) {
        return docker.listNetworksCmd().withFilter("label", List.of(RunLabels.RUN + "=" + runId)).exec()
                .stream().map(Network::getId).toList();
    }

    private List<String> remove(Predicate<Map<String, String>> doomed) {
        Set<String> runs = new LinkedHashSet<>();
        List<String> containers = new ArrayList<>();
        for (Container c : docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(RunLabels.RUN)).exec()) {
            if (doomed.test(c.getLabels())) {
                runs.add(c.getLabels().get(RunLabels.RUN));
                containers.add(c.getId());
            }
        }
        removeContainers(containers);
        for (Network n : docker.listNetworksCmd().withFilter("label", List.of(RunLabels.RUN)).exec()) {
            if (doomed.test(n.getLabels())) {
                runs.add(n.getLabels().get(RunLabels.RUN));
                removeNetwork(n.getId());
            }
        }
        return List.copyOf(runs);
    }

    /**
     * Removes {@code ids} all at once, a thread each: a removal is mostly waiting on the engine
     * (the common pool would run one or two at a time on a 2-core machine).
     */
    private void removeContainers(List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(ids.size());
        try {
            CompletableFuture.allOf(ids.stream().map(id -> CompletableFuture.runAsync(() -> removeContainer(id), pool))
                    .toArray(CompletableFuture[]::new)).join();
        } finally {
            pool.shutdownNow();
        }
    }

    private void removeContainer(String id) {
        try {
            docker.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException alreadyGone) {
            // Removed concurrently (another cleanup, or docker rm by hand): the goal is met.
            return;
        } catch (com.github.dockerjava.api.exception.ConflictException beingRemoved) {
            // "removal ... is already in progress": another shutdown hook got there first (on
            // Ctrl-C, Testcontainers' own and a run's run at once). Wait until it is gone, so
            // that the network it is attached to can be removed after it.
            awaitGone(id);
        }
    }

    /** Polls until container {@code id} no longer exists, for up to {@link #GONE_WITHIN}. */
    private void awaitGone(String id) {
        long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
        while (System.nanoTime() - deadline < 0) {
            try {
                docker.inspectContainerCmd(id).exec();
            } catch (NotFoundException gone) {
                return;
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /**
     * Removes network {@code id}; while a container another clean-up is still removing keeps an
     * endpoint on it (the engine answers 403 "has active endpoints"), tries again for up to
     * {@link #GONE_WITHIN}.
     */
    private void removeNetwork(String id) {
        long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
        while (true) {
            try {
                docker.removeNetworkCmd(id).exec();
                return;
            } catch (NotFoundException alreadyGone) {
                // As above: somebody else removed it first.
                return;
            } catch (com.github.dockerjava.api.exception.DockerException e) {
                boolean endpoints = e.getHttpStatus() == 403 && String.valueOf(e.getMessage()).contains("active endpoints");
                if (!endpoints || System.nanoTime() - deadline >= 0) {
                    throw e;
                }
                LockSupport.parkNanos(POLL.toNanos());
            }
        }
    }
}
