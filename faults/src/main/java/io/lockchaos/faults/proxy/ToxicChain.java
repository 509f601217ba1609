package io.lockchaos.faults.proxy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A proxy's toxics, in order per direction, and the live links they act on. Every change is
 * applied to the open links of that direction at once, as in Toxiproxy: a toxic added now delays
 * the next byte of a connection opened earlier. New toxics go to the end of the chain.
 */
final class ToxicChain {
    private final Map<Stream, List<ToxicDefinition>> toxics = new EnumMap<>(Stream.class);
    private final Set<Link> links = new LinkedHashSet<>();

    ToxicChain() {
        for (Stream stream : Stream.values()) {
            toxics.put(stream, new ArrayList<>());
        }
    }

    /** All toxics, upstream ones first, each direction in chain order (Toxiproxy's order). */
    synchronized List<ToxicDefinition> all() {
        List<ToxicDefinition> all = new ArrayList<>();
        toxics.values().forEach(all::addAll);
        return all;
    }

    synchronized Optional<ToxicDefinition> find(String name) {
        return all().stream().filter(toxic -> toxic.name().equals(name)).findFirst();
    }

    synchronized ToxicDefinition add(ToxicDefinition toxic) {
        if (find(toxic.name()).isPresent()) {
            throw ApiException.toxicAlreadyExists();
        }
        toxics.get(toxic.stream()).add(toxic);
        for (Link link : linksOf(toxic.stream())) {
            link.add(toxic);
        }
        return toxic;
    }

    /** Replaces the toxic named {@code name} with {@code change} applied to it; 404 if absent. */
    synchronized ToxicDefinition update(String name, UnaryOperator<ToxicDefinition> change) {
        ToxicDefinition old = find(name).orElseThrow(ApiException::toxicNotFound);
        ToxicDefinition updated = change.apply(old);
        List<ToxicDefinition> chain = toxics.get(old.stream());
        chain.set(chain.indexOf(old), updated);
        for (Link link : linksOf(old.stream())) {
            link.update(updated);
        }
        return updated;
    }

    synchronized void remove(String name) {
        ToxicDefinition old = find(name).orElseThrow(ApiException::toxicNotFound);
        toxics.get(old.stream()).remove(old);
        for (Link link : linksOf(old.stream())) {
            link.remove(name);
        }
    }

    synchronized void clear() {
        for (ToxicDefinition toxic : all()) {
            remove(toxic.name());
        }
    }

    /** Puts the current toxics on a new connection's links and tracks them for later changes. */
    synchronized void attach(Connection connection) {
        for (Link link : connection.links()) {
            for (ToxicDefinition toxic : toxics.get(link.stream())) {
                link.add(toxic);
            }
            links.add(link);
        }
    }

    synchronized void detach(Connection connection) {
        connection.links().forEach(links::remove);
    }

    /** A copy: a toxic's removal may close a connection, which detaches its links meanwhile. */
    private List<Link> linksOf(Stream stream) {
        return links.stream().filter(link -> link.stream() == stream).toList();
    }
}
