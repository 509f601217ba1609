/**
 * What faults to inject and when: the fault vocabulary, its one-line text form, and
 * schedules built from it.
 *
 * <p>A fault reads the same everywhere: on the command line ({@code lockchaos fault pause
 * redis-1 5s}), in a scripted schedule ({@code at 5s pause worker-2 for 12s}) and in a
 * run's {@code scenario.json}. The grammar is {@code KIND TARGETS ARGS [for] [DURATION]}:
 *
 * <pre>
 * pause TARGET[,TARGET...] [DURATION]
 * clock TARGET[,...] +OFFSET|-OFFSET [DURATION]     bump the wall clock (libfaketime)
 * clock TARGET[,...] strobe DELTA PERIOD [DURATION] oscillate by DELTA every PERIOD
 * clock TARGET[,...] reset
 * partition isolate TARGET[,...] [DURATION]        cut these nodes off from all others
 * partition halves [DURATION]                      a random majority and minority
 * partition bridge [DURATION]                      two halves joined by one node
 * partition workers [WORKER,...] [DURATION]        these workers (default: all) cut off from the lock service
 * partition workers [WORKER,...] from NODE[,...] [DURATION]
 *                                                  ... cut off from these lock-service nodes only
 * latency TARGET[,...] LATENCY [jitter JITTER] [DURATION]
 * bandwidth TARGET[,...] RATE_KBPS [DURATION]
 * blackhole TARGET[,...] [DURATION]                data held, never delivered
 * reset-peer TARGET[,...]                          connections reset
 * kill TARGET[,...] [DURATION]                     SIGKILL; restarted after DURATION if given
 * restart TARGET[,...]
 * failover [kill|isolate|command]                  make Sentinel promote a replica
 * starve TARGET[,...] P% [DURATION]                at most P % of one CPU, 0.1% to 100% (the container's CPU quota)
 * </pre>
 *
 * Each kind's lines are read by its forms, one line of
 * {@link io.lockchaos.faults.schedule.FaultKind} each; {@link io.lockchaos.faults.schedule.FaultParser}
 * picks the kind by the first word (or two) and reads the duration. Every
 * {@link io.lockchaos.faults.schedule.FaultSpec} names its kind. This package knows nothing of how
 * a fault is injected: the nemesis ({@code io.lockchaos.faults.nemesis}) maps each kind to its
 * injector.
 * Durations and offsets are numbers with a unit: {@code 500ms}, {@code 5s}, {@code 2m},
 * {@code 1.5s}, at most 365 days ({@code 8760h}): a longer one (a step's time, a fault's
 * duration, a random interval) is a syntax error naming it, never an overflow. A fault without
 * a duration lasts until it is healed; the last phase of
 * every schedule heals everything. A {@link io.lockchaos.faults.schedule.RandomSchedule}
 * ({@code random every 4s}) or a {@link io.lockchaos.faults.schedule.TimedSchedule}
 * ({@code random around ttl=10s}: lengths drawn below, near and above the lock's timescales)
 * built from the same seed and the same {@link io.lockchaos.faults.schedule.FaultMenu} is
 * the same schedule, so a run can be replayed.
 */
package io.lockchaos.faults.schedule;
