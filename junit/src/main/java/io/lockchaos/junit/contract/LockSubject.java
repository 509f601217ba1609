package io.lockchaos.junit.contract;

import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockConfig;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One lock client the contract runs against.
 *
 * @param name how the tests are labelled ({@code redlock+zk})
 * @param service the topology its lock service runs on: the cluster the loss test pauses
 * @param features what it promises; the advertisable ones must be exactly its client's
 *     capability interfaces ({@link LockFeature#advertisedBy})
 * @param opener how to open one client on the contract's clusters
 */
public record LockSubject(String name, Topology service, Set<LockFeature> features, Opener opener) {

    /** Opens a fresh client; called once per client a test needs (usually two). */
    @FunctionalInterface
    public interface Opener {
        LockClient open(ContractClusters clusters);
    }

    public LockSubject {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a lock subject needs a name (it labels the contract's tests)");
        }
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(opener, "opener");
        features = Set.copyOf(features);
        if (features.contains(LockFeature.TOKENS_ACROSS_LOCKS) && !features.contains(LockFeature.FENCING_TOKENS)) {
            throw new IllegalArgumentException("subject " + name + " declares TOKENS_ACROSS_LOCKS without FENCING_TOKENS;"
                    + " declare both or neither");
        }
    }

    /** A subject of any client class: {@code LockSubject.of("my-lock", ZOOKEEPER, c -> new MyLock(...), FENCING_TOKENS)}. */
    public static LockSubject of(String name, Topology service, Opener opener, LockFeature... features) {
        return new LockSubject(name, service, Set.of(features), opener);
    }

    /** A built-in backend ({@code LockClients.open}) without a token source. */
    public static LockSubject builtIn(String backend, Topology service, LockFeature... features) {
        return of(backend, service, c -> c.open(backend, service, Map.of()), features);
    }

    /** A built-in backend with the token source {@code tokens} ({@code redis-incr} or {@code zk}). */
    public static LockSubject builtIn(String backend, String tokens, Topology service, LockFeature... features) {
        return of(backend + "+" + tokens, service, c -> c.open(backend, service, Map.of(LockConfig.TOKENS, tokens)), features);
    }

    /** Whether the subject declares {@code feature}. */
    public boolean has(LockFeature feature) {
        return features.contains(feature);
    }

    /** The declared features a capability interface stands for: what {@link LockFeature#advertisedBy} must equal. */
    public Set<LockFeature> advertisable() {
        return Set.copyOf(features.stream().filter(LockFeature.advertisable()::contains).toList());
    }

    /** A lock name of this subject's own for {@code test}, so no two tests share a key or a znode. */
    public String lock(String test) {
        return "contract-" + test + "-" + name.replaceAll("[^a-z0-9]", "-");
    }

    /** The names of {@code subjects}, for messages. */
    static List<String> names(List<LockSubject> subjects) {
        return subjects.stream().map(LockSubject::name).toList();
    }

    @Override
    public String toString() {
        return name;
    }
}
