/**
 * The nemesis: every fault injected for real and always healed (Jepsen's
 * {@code nemesis.clj} and {@code nemesis/combined.clj}).
 *
 * <p>A node tells what can be done to it by the capability interfaces it implements:
 * {@link io.lockchaos.faults.nemesis.Pausable} (SIGSTOP/SIGCONT),
 * {@link io.lockchaos.faults.nemesis.Killable} (SIGKILL and start),
 * {@link io.lockchaos.faults.nemesis.ClockSkewable} (libfaketime offset),
 * {@link io.lockchaos.faults.nemesis.Starvable} (CPU quota),
 * {@link io.lockchaos.faults.nemesis.Partitionable} (tagged iptables rules), and
 * {@link io.lockchaos.faults.nemesis.ClientNode} for a run's workers, which {@code partition
 * workers} cuts off from the lock service and no partition among servers involves; a cluster with a
 * replaceable primary offers {@link io.lockchaos.faults.nemesis.HasPrimary}, one with a proxy
 * {@link io.lockchaos.faults.nemesis.ProxiedLinks}. The harness implements them with Docker;
 * this package knows nothing of containers.
 *
 * <p>Each kind of fault ({@link io.lockchaos.faults.schedule.FaultKind}, which holds its grammar)
 * has one {@link io.lockchaos.faults.nemesis.FaultPackage} class here (injector, heal, sweep, what
 * it records, the capability it is offered for), registered by one line of
 * {@link io.lockchaos.faults.nemesis.FaultPackage#of}, an exhaustive {@code switch} over the kinds.
 * {@link io.lockchaos.faults.nemesis.NodeNemesis} takes a
 * {@link io.lockchaos.faults.schedule.FaultSpec} and hands it to its package through
 * {@code Dispatch}, the exhaustive {@link io.lockchaos.faults.schedule.FaultSpec.Cases} (a
 * record without a case does not compile), and returns an
 * {@link io.lockchaos.faults.nemesis.ActiveFault} whose {@code close()} heals exactly what the
 * injection did. {@code healAll()} heals every fault in force and then sweeps the nodes for
 * anything of lockchaos's left over, each package undoing its own: stopped processes, killed
 * servers, clock offsets, tagged rules, toxics and disabled proxies (named in the
 * {@code :heal-all} op). Each injection and heal is one {@code :info} operation of process
 * {@code :nemesis} through a {@link io.lockchaos.faults.nemesis.FaultRecorder}
 * ({@code :start-pause}, {@code :stop-pause}, {@code :start-clock} with old and new offsets,
 * {@code :heal-all}, ...), named by {@link io.lockchaos.history.ops.NemesisOps}, from which
 * the report draws its fault bands.
 *
 * <p>{@link io.lockchaos.faults.nemesis.ScheduleRunner} plays a scripted or random
 * {@link io.lockchaos.faults.schedule.Schedule} by a
 * {@link io.lockchaos.faults.nemesis.ScheduleClock} (a fake one in tests), can be stopped
 * early, and always ends by healing everything.
 */
package io.lockchaos.faults.nemesis;
