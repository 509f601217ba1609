package io.lockchaos.checker.history.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.history.Value;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a {@link Value} is spelled in JSON (the rules are in this package's documentation):
 * a keyword is a string with a leading colon, a string that itself begins with a colon gets
 * one more, a map with keyword keys is an object, any other map is {@code {"#map": [[k, v],
 * ...]}}, a set is {@code {"#set": [...]}}.
 */
final class JsonValues {

    static final String SET = "#set";
    static final String MAP = "#map";

    /** Reads and writes NaN and infinities as bare tokens, and rejects duplicate keys. */
    static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    private JsonValues() {
    }

    /** The JSON string for a string value: a leading colon is doubled. */
    static String encodeString(String s) {
        return s.startsWith(":") ? ":" + s : s;
    }

    static void write(JsonGenerator out, Value v) throws IOException {
        if (v instanceof Value.Nil) {
            out.writeNull();
        } else if (v instanceof Value.Bool b) {
            out.writeBoolean(b.value());
        } else if (v instanceof Value.Int i) {
            out.writeNumber(i.value());
        } else if (v instanceof Value.Real r) {
            out.writeNumber(r.value());
        } else if (v instanceof Value.Str s) {
            out.writeString(encodeString(s.value()));
        } else if (v instanceof Value.Kw k) {
            out.writeString(":" + k.name());
        } else if (v instanceof Value.Vec vec) {
            out.writeStartArray();
            for (Value item : vec.items()) {
                write(out, item);
            }
            out.writeEndArray();
        } else if (v instanceof Value.SetV set) {
            out.writeStartObject();
            out.writeArrayFieldStart(SET);
            for (Value item : set.items()) {
                write(out, item);
            }
            out.writeEndArray();
            out.writeEndObject();
        } else {
            writeMap(out, (Value.Dict) v);
        }
    }

    private static void writeMap(JsonGenerator out, Value.Dict dict) throws IOException {
        out.writeStartObject();
        if (hasPlainKeys(dict)) {
            for (Map.Entry<Value, Value> e : dict.entries().entrySet()) {
                out.writeFieldName(((Value.Kw) e.getKey()).name());
                write(out, e.getValue());
            }
        } else {
            out.writeArrayFieldStart(MAP);
            for (Map.Entry<Value, Value> e : dict.entries().entrySet()) {
                out.writeStartArray();
                write(out, e.getKey());
                write(out, e.getValue());
                out.writeEndArray();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
    }

    /** Keys that can be object field names: all keywords, none beginning with '#'. */
    private static boolean hasPlainKeys(Value.Dict dict) {
        for (Value key : dict.entries().keySet()) {
            if (!(key instanceof Value.Kw k) || k.name().startsWith("#")) {
                return false;
            }
        }
        return true;
    }

    static Value read(JsonNode node, SourceLine at) {
        if (node.isNull()) {
            return Value.NIL;
        }
        if (node.isBoolean()) {
            return new Value.Bool(node.booleanValue());
        }
        if (node.isIntegralNumber()) {
            if (!node.canConvertToLong()) {
                throw at.error("integer " + node + " does not fit in 64 bits; expected integers"
                        + " between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
            }
            return new Value.Int(node.longValue());
        }
        if (node.isNumber()) {
            return new Value.Real(node.doubleValue());
        }
        if (node.isTextual()) {
            return readString(node.textValue());
        }
        if (node.isArray()) {
            return new Value.Vec(items(node, at));
        }
        return readObject(node, at);
    }

    private static Value readString(String text) {
        if (text.startsWith("::")) {
            return new Value.Str(text.substring(1));
        }
        if (text.startsWith(":")) {
            return new Value.Kw(text.substring(1));
        }
        return new Value.Str(text);
    }

    private static List<Value> items(JsonNode array, SourceLine at) {
        List<Value> items = new ArrayList<>(array.size());
        for (JsonNode item : array) {
            items.add(read(item, at));
        }
        return items;
    }

    private static Value readObject(JsonNode node, SourceLine at) {
        if (node.size() == 1 && node.has(SET)) {
            JsonNode items = node.get(SET);
            if (!items.isArray()) {
                throw at.error("\"#set\" holds " + items + "; expected an array of the set's items");
            }
            Set<Value> set = new LinkedHashSet<>(items(items, at));
            return new Value.SetV(set);
        }
        if (node.size() == 1 && node.has(MAP)) {
            return readPairs(node.get(MAP), at);
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            entries.put(new Value.Kw(e.getKey()), read(e.getValue(), at));
        }
        return new Value.Dict(entries);
    }

    private static Value readPairs(JsonNode pairs, SourceLine at) {
        if (!pairs.isArray()) {
            throw at.error("\"#map\" holds " + pairs + "; expected an array of [key, value] pairs");
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        for (JsonNode pair : pairs) {
            if (!pair.isArray() || pair.size() != 2) {
                throw at.error("\"#map\" holds " + pair + "; expected [key, value] pairs");
            }
            entries.put(read(pair.get(0), at), read(pair.get(1), at));
        }
        return new Value.Dict(entries);
    }
}
