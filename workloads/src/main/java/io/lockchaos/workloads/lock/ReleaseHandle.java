package io.lockchaos.workloads.lock;

/**
 * What a backend keeps in a grant to release it later: the random value to compare-and-delete,
 * the Curator mutex that holds the lock node. Its {@code release} has
 * {@link LockClient#release}'s contract.
 */
@FunctionalInterface
public interface ReleaseHandle {

    /** True: released a lock still held; false: certainly held nothing; throws: unknown. */
    boolean release();
}
