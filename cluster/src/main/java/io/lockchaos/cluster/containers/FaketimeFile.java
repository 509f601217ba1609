package io.lockchaos.cluster.containers;

/**
 * Where every lockchaos image's server reads its clock offset from (libfaketime's
 * {@code FAKETIME_TIMESTAMP_FILE}, re-read on every clock call). Writing {@code +120s} there
 * moves that server's wall clock two minutes ahead at once; {@code +0} puts it back.
 * Monotonic clocks are never moved.
 */
public final class FaketimeFile {

    /** The offset file inside each container. */
    public static final String PATH = "/var/run/faketime/offset";

    private FaketimeFile() {
    }
}
