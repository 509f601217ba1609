package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.RedisContainer;
import java.util.List;
import java.util.stream.IntStream;

/** Redis nodes to start ({@code redis-1} ...), with persistence as the options say: the Redis topologies' and the ledger's. */
final class RedisNodes {

    private RedisNodes() {
    }

    /** Masters {@code redis-1} to {@code redis-<count>}. */
    static List<NodeSpec> masters(int count, ClusterOptions options, ImageTags images) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> node("redis-" + i, Role.MASTER, options, images)).toList();
    }

    /** A Redis called {@code name}. */
    static NodeSpec node(String name, Role role, ClusterOptions options, ImageTags images) {
        return spec(name, role, container(options, images));
    }

    /** A not yet started Redis container as {@code options} say. */
    static RedisContainer container(ClusterOptions options, ImageTags images) {
        return new RedisContainer(images.tag(Image.REDIS)).withPersistence(options.persist());
    }

    static NodeSpec spec(String name, Role role, RedisContainer container) {
        return new NodeSpec(name, role, RedisContainer.PORT, container.isPersistent(), container);
    }

    /** Members {@code redis-1} to {@code redis-<count>} of {@code role}. */
    static List<Layout.Member> members(int from, int to, Role role) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> new Layout.Member("redis-" + i, role)).toList();
    }
}
