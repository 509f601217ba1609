/**
 * The lock client contract, run by declared capability rather than by a test class per
 * backend. A {@link io.lockchaos.junit.contract.LockSubject} is a lock client to test: its
 * name, the topology of its lock service, how to open a client, and the
 * {@link io.lockchaos.junit.contract.LockFeature}s it declares. Three of those are the SPI's
 * capability interfaces (fencing tokens, lease expiry, loss detection), and the declaration
 * must agree with what the client implements, so a backend that silently drops or gains a
 * capability fails; the others (certain refusals, tokens that grow across lock names) are
 * promises only the declaration makes.
 *
 * <p>{@link io.lockchaos.junit.contract.LockClientContract} runs every contract test for
 * every subject its subclass names (lockchaos's own {@code LockClientContractIT} names every
 * built-in backend); a test whose feature the subject lacks is skipped by an assumption. The clusters are started once per topology by
 * {@link io.lockchaos.junit.contract.ContractClusters}, which also holds the short TTL and
 * session every client uses.
 */
package io.lockchaos.junit.contract;
