/**
 * The {@code etcd} lock backend: jetcd's Lock API (etcd's v3lock service) on a lease kept alive
 * by jetcd, the lock key's create revision as the fencing token, and jetcd's keep-alive failure as
 * the loss notice. Jepsen found etcd 3.4.3's locks unsafe: a lease may expire under a holder that
 * keeps working (a pause, a partition), and the server then granted a lock without checking that
 * the lease was still alive (etcd-io/etcd #11456). Only the token, checked by the store, saves it;
 * or etcd itself, when the data lives there: {@link io.lockchaos.workloads.etcd.GuardedEtcdStorage}
 * (storage mode {@code guarded}) makes each write one transaction that goes through only while the
 * holder's lock key has the create revision it was granted with.
 */
package io.lockchaos.workloads.etcd;
