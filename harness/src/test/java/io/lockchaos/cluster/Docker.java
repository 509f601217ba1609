package io.lockchaos.cluster;

import com.github.dockerjava.api.DockerClient;
import io.lockchaos.cluster.containers.FaketimeFile;
import io.lockchaos.testkit.Await;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import java.util.List;

/** What the tests do to containers from outside, through Docker's API. */
final class Docker {

    private Docker() {
    }

    static DockerClient client() {
        return Clusters.docker();
    }

    /** Containers and networks labelled with {@code runId}. */
    static int resourcesOf(String runId) {
        Leftovers l = new Leftovers(client(), RunLabels.currentCheckout());
        return l.containersOf(runId).size() + l.networksOf(runId).size();
    }

    static void kill(Node node) {
        client().killContainerCmd(node.containerId()).exec();
    }

    static void stop(Node node) {
        client().stopContainerCmd(node.containerId()).withTimeout(1).exec();
    }

    /** Writes a libfaketime offset such as {@code +120s} for {@code node}'s server. */
    static void setClockOffset(Node node, String offset) {
        exec(node, "sh", "-c", "printf '%s\\n' \"$1\" > \"$2\"", "sh", offset, FaketimeFile.PATH);
    }

    /** Runs {@code command} in the node's container and returns its stdout. */
    static String exec(Node node, String... command) {
        DockerClient docker = client();
        String id = docker.execCreateCmd(node.containerId()).withCmd(command)
                .withAttachStdout(true).withAttachStderr(true).exec().getId();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            docker.execStartCmd(id).exec(new ResultCallback.Adapter<Frame>() {
                @Override
                public void onNext(Frame frame) {
                    out.writeBytes(frame.getPayload());
                }
            }).awaitCompletion(Await.scaled(Duration.ofSeconds(30)).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + List.of(command) + " in " + node.name(), e);
        }
        Long exit = docker.inspectExecCmd(id).exec().getExitCodeLong();
        if (exit == null || exit != 0) {
            throw new AssertionError(List.of(command) + " in " + node.name() + " exited " + exit + ": " + out);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
