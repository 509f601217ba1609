package io.lockchaos.workloads.lock;

/** Told by a {@link GrantWatch} the moment its client learns that the grant is lost. */
@FunctionalInterface
public interface LossListener {

    /** @param reason what the library said, in a word or two ({@code suspended}, {@code lost}) */
    void lost(String reason);
}
