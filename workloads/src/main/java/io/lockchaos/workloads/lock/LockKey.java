package io.lockchaos.workloads.lock;

import java.util.Objects;

/**
 * The key a lock service keeps for one grant and the revision that created it: what a store that
 * fences inside the service compares (etcd's lock key {@code /lockchaos/locks/job-0/694d8f3a2c1b};
 * a successor's key, even under the same name, was created at a later revision).
 *
 * @param key the key as the service names it
 * @param createRevision the revision at which the service created it
 */
public record LockKey(String key, long createRevision) {

    public LockKey {
        Objects.requireNonNull(key, "key");
    }

    /** The folder the service keeps this lock's keys in, with its trailing {@code /}: {@code /lockchaos/locks/job-0/}. */
    public String lockFolder() {
        return key.substring(0, key.lastIndexOf('/') + 1);
    }
}
