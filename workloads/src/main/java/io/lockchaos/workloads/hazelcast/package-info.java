/**
 * The {@code hazelcast-fenced} lock backend and the member the {@code hazelcast} topology runs:
 * Hazelcast 5.4's CP Subsystem, whose {@code FencedLock} is a Raft-replicated lock bound to a CP
 * session, with a fence (a number that grows with every new holder) as the token. A holder whose
 * session heartbeats stop for the session TTL (a pause, a partition) loses the lock to the next
 * acquirer while it may still act; only the fence, checked by the store, saves it. Jepsen found
 * Hazelcast's earlier, non-CP locks not exclusive under partitions; the CP Subsystem came of it.
 */
package io.lockchaos.workloads.hazelcast;
