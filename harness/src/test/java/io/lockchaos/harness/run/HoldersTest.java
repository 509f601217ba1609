package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HoldersTest {

    private static String op(String type, String f) {
        return op(0, type, f);
    }

    private static String op(int process, String type, String f) {
        return "{\"index\":0,\"time\":1,\"type\":\"" + type + "\",\"process\":" + process + ",\"f\":\"" + f
                + "\",\"value\":{\"lock\":\"unfenced-job-0\"}}";
    }

    @Test
    void aWorkerHoldsWhileAnyOfItsThreadsDoes() {
        Holders h = new Holders();
        Duration fresh = Duration.ofHours(1);
        List<List<String>> lane = List.of(List.of("worker-1"));
        h.saw("worker-1", op(0, "ok", "read"));
        h.saw("worker-1", op(2, "ok", "read"));
        h.saw("worker-1", op(0, "invoke", "release"));
        assertEquals(Optional.of(List.of("worker-1")), h.awaitHolders(lane, fresh, Duration.ZERO),
                "process 2, its other thread, still holds");
        h.saw("worker-1", op(2, "invoke", "release"));
        assertEquals(Optional.empty(), h.awaitHolders(lane, fresh, Duration.ZERO));
    }

    @Test
    void aWorkerHoldsFromItsReadsOkToItsReleasesInvocation() {
        Holders h = new Holders();
        Duration fresh = Duration.ofHours(1);
        h.saw("worker-1", op("invoke", "acquire"));
        h.saw("worker-1", op("ok", "acquire"));
        h.saw("worker-2", op("ok", "acquire"));
        h.saw("worker-2", op("invoke", "read"));
        assertEquals(Optional.empty(), h.awaitHolders(List.of(List.of("worker-1", "worker-2")), fresh, Duration.ZERO),
                "granted, not yet read: a pause now would land before the work");
        h.saw("worker-2", op("ok", "read"));
        assertEquals(Optional.of(List.of("worker-2")),
                h.awaitHolders(List.of(List.of("worker-1", "worker-2")), fresh, Duration.ZERO));
        h.saw("worker-2", op("invoke", "release"));
        assertEquals(Optional.empty(), h.awaitHolders(List.of(List.of("worker-1", "worker-2")), fresh, Duration.ZERO));
    }

    @Test
    void everyGroupNeedsAHolderAtOnce() {
        Holders h = new Holders();
        Duration fresh = Duration.ofHours(1);
        h.saw("worker-1", op("ok", "read"));
        List<List<String>> lanes = List.of(List.of("worker-1", "worker-2"), List.of("worker-3", "worker-4"));
        assertEquals(Optional.empty(), h.awaitHolders(lanes, fresh, Duration.ZERO));
        h.saw("worker-4", op("ok", "read"));
        assertEquals(Optional.of(List.of("worker-1", "worker-4")), h.awaitHolders(lanes, fresh, Duration.ZERO));
    }

    @Test
    void aWorkerHasStartedOnceItStreamedALine() {
        Holders h = new Holders();
        h.saw("worker-1", "not json at all");
        assertEquals(List.of("worker-2"), h.awaitStarted(List.of("worker-1", "worker-2"), Duration.ZERO));
    }

    @Test
    void aWaiterIsTheLanesFirstWorkerThatIsNotTheHolder() {
        assertEquals("worker-1", Holders.waiter(List.of("worker-1", "worker-2", "worker-3"), "worker-2"));
        assertEquals("worker-2", Holders.waiter(List.of("worker-1", "worker-2"), "worker-1"));
        org.junit.jupiter.api.Assertions.assertThrows(RunException.class,
                () -> Holders.waiter(List.of("worker-1"), "worker-1"));
    }
}
