/**
 * ZooKeeper locks through Curator: {@code curator} ({@link io.lockchaos.workloads.zk.CuratorLock},
 * Curator's {@code InterProcessMutex}) and {@code curator-cautious}, which stops trusting its
 * grants as soon as the connection is SUSPENDED or LOST, as Curator's documentation advises;
 * and the {@code zk} token source ({@link io.lockchaos.workloads.zk.ZkTokens}).
 *
 * <p>The lock's fencing token is the lock node's {@code czxid}: the zxid of the transaction
 * that created it, assigned by the leader and agreed by a quorum, so a lock node created later
 * always has a larger one, across leaders, sessions and locks. The node's sequence number is
 * monotonic too but only per parent znode, and Curator creates lock parents as container nodes
 * that the server deletes once empty: a recreated parent starts counting at 0 again, so
 * sequence numbers can go backwards between two quiet periods. {@code czxid} costs one
 * {@code exists} after the grant.
 */
package io.lockchaos.workloads.zk;
