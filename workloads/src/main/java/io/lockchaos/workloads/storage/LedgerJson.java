package io.lockchaos.workloads.storage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A ledger entry as the stores keep it: {@code {"id":..,"prev":..,"token":..,"writer":..}}
 * ({@code prev} and {@code token} left out when empty). The Redis ledger's list items and the
 * etcd ledger's values.
 */
public final class LedgerJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LedgerJson() {
    }

    /** {@code entry} as JSON. */
    public static String encode(LedgerEntry entry) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", entry.id());
        entry.prev().ifPresent(p -> node.put("prev", p));
        if (entry.token().isPresent()) {
            node.put("token", entry.token().getAsLong());
        }
        node.put("writer", entry.writer());
        return node.toString();
    }

    /** The entry {@code json} holds; empty when it is not a lockchaos entry. */
    public static Optional<LedgerEntry> decode(String json) {
        try {
            JsonNode n = JSON.readTree(json);
            JsonNode id = n == null ? null : n.get("id");
            JsonNode writer = n == null ? null : n.get("writer");
            if (id == null || writer == null) {
                return Optional.empty();
            }
            JsonNode prev = n.get("prev");
            JsonNode token = n.get("token");
            return Optional.of(new LedgerEntry(id.asText(),
                    prev == null || prev.isNull() ? Optional.empty() : Optional.of(prev.asText()),
                    token == null || token.isNull() ? OptionalLong.empty() : OptionalLong.of(token.asLong()),
                    writer.asLong()));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
