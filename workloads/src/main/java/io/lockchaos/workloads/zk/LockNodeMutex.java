package io.lockchaos.workloads.zk;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

/** Curator's mutex, with the path of the lock node it holds made visible (to read its czxid). */
final class LockNodeMutex extends InterProcessMutex {

    LockNodeMutex(CuratorFramework client, String path) {
        super(client, path);
    }

    /** The lock node this thread holds, or null. */
    String lockNode() {
        return getLockPath();
    }
}
