package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.Test;

class ExitRaceTest {

    private static <T extends Throwable> T thrownIn(T e, String className) {
        e.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("com.github.dockerjava.core.exec.RemoveContainerCmdExec", "execute", null, 28),
            new StackTraceElement(className, "prune", null, 54)});
        return e;
    }

    @Test
    void testcontainersExitHookFindingAContainerRemovedOrBeingRemovedLostTheRace() {
        assertTrue(ExitRace.lostTheRace(thrownIn(new ConflictException("removal already in progress"),
                "org.testcontainers.utility.JVMHookResourceReaper")));
        assertTrue(ExitRace.lostTheRace(thrownIn(new NotFoundException("no such container"),
                "org.testcontainers.utility.JVMHookResourceReaper")));
    }

    @Test
    void anythingElseIsStillPrinted() {
        assertFalse(ExitRace.lostTheRace(thrownIn(new ConflictException("name in use"),
                "io.lockchaos.cluster.ContainerCluster")), "the same error from our own code");
        assertFalse(ExitRace.lostTheRace(thrownIn(new IllegalStateException("boom"),
                "org.testcontainers.utility.JVMHookResourceReaper")), "another error of the hook");
    }
}
