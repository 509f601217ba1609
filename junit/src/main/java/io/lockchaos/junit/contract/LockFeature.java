package io.lockchaos.junit.contract;

import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockClients;
import io.lockchaos.workloads.lock.LossDetection;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a lock client may or may not do, as the contract asks it. The first three are the SPI's
 * capability interfaces, so a client advertises them itself ({@link #advertisedBy}); the others
 * are promises no interface carries, which only the subject's declaration states.
 */
public enum LockFeature {

    /** Every grant carries a fencing token, larger than the grant's before it on that lock ({@link FencingTokens}). */
    FENCING_TOKENS(FencingTokens.class),
    /** A grant not released expires on the server after a TTL, and another client gets the lock ({@link LeaseExpiry}). */
    LEASE_EXPIRY(LeaseExpiry.class),
    /** The client learns that a grant is definitely lost and says so through {@code Grant.lost()} ({@link LossDetection}). */
    LOSS_DETECTION(LossDetection.class),
    /** A refusal while another client holds the lock is {@code NotGranted(certain = true)}: a {@code :fail}, not an {@code :info}. */
    CERTAIN_REFUSAL(null),
    /**
     * Tokens grow across lock names too, not only per name (ZooKeeper zxids do; {@code INCR
     * token:<name>} does not). Needs {@link #FENCING_TOKENS}.
     */
    TOKENS_ACROSS_LOCKS(null),
    /**
     * The release cannot tell a live grant from one whose lease ran out, so it answers true
     * either way and never false (ShedLock's {@code unlock()} returns nothing, and by default it
     * deletes the key whoever holds it). The takeover test then does not ask for false; it
     * prints whether the late release freed the lock under its new holder.
     */
    BLIND_RELEASE(null),
    /**
     * The holder asking again from the same thread is granted at once, with the same token, and
     * releases once per grant: after the first release the lock is still its own (another client
     * is refused), the second frees it ({@code Reentrancy.SAME_TOKEN}: Hazelcast's
     * {@code FencedLock}, Curator's {@code InterProcessMutex}). A built-in backend's declaration must
     * be its {@code LockBackend.reentrancy()}.
     */
    REENTRANT(null);

    private final Class<?> capability;

    LockFeature(Class<?> capability) {
        this.capability = capability;
    }

    /** The features a capability interface stands for: what a client can be asked about. */
    public static Set<LockFeature> advertisable() {
        EnumSet<LockFeature> out = EnumSet.noneOf(LockFeature.class);
        Arrays.stream(values()).filter(f -> f.capability != null).forEach(out::add);
        return out;
    }

    /** The advertisable features {@code client} has, looking through a token wrapper ({@link LockClients#capability}). */
    public static Set<LockFeature> advertisedBy(LockClient client) {
        EnumSet<LockFeature> out = EnumSet.noneOf(LockFeature.class);
        for (LockFeature f : advertisable()) {
            if (LockClients.capability(client, f.capability).isPresent()) {
                out.add(f);
            }
        }
        return out;
    }
}
