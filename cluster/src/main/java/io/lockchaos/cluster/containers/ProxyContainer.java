package io.lockchaos.cluster.containers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.HttpWaitStrategy;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A Toxiproxy-API server: lockchaos's own {@code ToxiproxyServer} in image {@code lockchaos/jvm}
 * (the shaded jar mounted or copied in), or Shopify's Toxiproxy from its image. Either way the API is on
 * {@value #API_PORT} and proxies listen on {@value #FIRST_LISTEN_PORT} and up (Toxiproxy's
 * customary range); the container counts as started once {@code GET /version} answers.
 */
public final class ProxyContainer extends GenericContainer<ProxyContainer> {

    public static final int API_PORT = 8474;
    public static final int FIRST_LISTEN_PORT = 8666;
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    /** Where {@link #lockchaos} copies the jar. */
    public static final String JAR = "/opt/lockchaos/lockchaos.jar";
    /** The main class of lockchaos's server. */
    public static final String SERVER_CLASS = "io.lockchaos.faults.proxy.ToxiproxyServer";

    private final String image;

    private ProxyContainer(String image, int listenPorts) {
        super(DockerImageName.parse(image));
        this.image = image;
        withExposedPorts(API_PORT);
        IntStream.range(0, listenPorts).forEach(i -> addExposedPort(listenPort(i)));
        HttpWaitStrategy ready = Wait.forHttp("/version").forPort(API_PORT);
        ready.withRateLimiter(ReadinessPoll.own());
        waitingFor(ready.withStartupTimeout(STARTUP_TIMEOUT));
    }

    /**
     * lockchaos's server from {@code jar} (the node jar, {@code NodeJar}) in {@code jvmImage}. With
     * {@code mount} the jar is bind-mounted read-only (the engine must see this machine's files;
     * ~1 s faster than copying its 30-odd MB), else copied into the container.
     */
    public static ProxyContainer lockchaos(String jvmImage, Path jar, int listenPorts, boolean mount) {
        ProxyContainer c = JvmContainer.withJar(new ProxyContainer(jvmImage, listenPorts), jar, JAR, mount);
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(JvmContainer.OPTIONS);
        command.addAll(List.of("-Xmx128m", "-cp", JAR, SERVER_CLASS, "--host", "0.0.0.0", "--port",
                Integer.toString(API_PORT)));
        c.setCommand(command.toArray(String[]::new));
        return c;
    }

    /** Shopify's Toxiproxy from {@code image} (its entry point is the server; API on {@value #API_PORT}). */
    public static ProxyContainer upstream(String image, int listenPorts) {
        ProxyContainer c = new ProxyContainer(image, listenPorts);
        c.setCommand("-host=0.0.0.0");
        return c;
    }

    /** The port the {@code index}-th proxy listens on inside the container. */
    public static int listenPort(int index) {
        return FIRST_LISTEN_PORT + index;
    }

    /** The image name as given (unlike {@code getDockerImageName()}, never resolves or pulls it). */
    public String image() {
        return image;
    }

    /** The API's port as published for clients on the host. */
    public int getApiPort() {
        return getMappedPort(API_PORT);
    }
}
