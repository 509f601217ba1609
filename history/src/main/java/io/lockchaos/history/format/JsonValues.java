package io.lockchaos.history.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.util.ArrayList;
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

    /** How deep arrays and objects may nest (Jackson's own limit is 1000). */
    static final int MAX_DEPTH = 500;

    /**
     * Reads and writes NaN and infinities as bare tokens, rejects duplicate keys, and stops
     * at {@link #MAX_DEPTH}. Jackson's streaming core only: no data binding to load.
     */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

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

    /**
     * Reads the value whose first token the parser is on, streaming (no tree); leaves the
     * parser on the value's last token.
     */
    static Value read(JsonParser in, SourceLine at) throws IOException {
        JsonToken token = in.currentToken();
        switch (token) {
            case VALUE_NULL:
                return Value.NIL;
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new Value.Bool(token == JsonToken.VALUE_TRUE);
            case VALUE_NUMBER_INT:
                if (in.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw at.error("integer " + in.getText() + " does not fit in 64 bits; expected integers"
                            + " between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
                }
                return new Value.Int(in.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return new Value.Real(in.getDoubleValue());
            case VALUE_STRING:
                return readString(in.getText());
            case START_ARRAY:
                return new Value.Vec(items(in, at));
            case START_OBJECT:
                return readObject(readFields(in, at), at);
            default:
                throw at.error("unexpected JSON " + token + "; expected a value");
        }
    }

    /** The fields of the object whose '{' the parser is on, in order; leaves it on the '}'. */
    static Map<String, Value> readFields(JsonParser in, SourceLine at) throws IOException {
        Map<String, Value> fields = new LinkedHashMap<>();
        for (String name = in.nextFieldName(); name != null; name = in.nextFieldName()) {
            in.nextToken();
            fields.put(name, read(in, at));
        }
        return fields;
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

    private static List<Value> items(JsonParser in, SourceLine at) throws IOException {
        List<Value> items = new ArrayList<>();
        while (in.nextToken() != JsonToken.END_ARRAY) {
            items.add(read(in, at));
        }
        return items;
    }

    private static Value readObject(Map<String, Value> fields, SourceLine at) {
        if (fields.size() == 1 && fields.containsKey(SET)) {
            if (!(fields.get(SET) instanceof Value.Vec items)) {
                throw at.error("\"#set\" holds " + fields.get(SET) + "; expected an array of the set's items");
            }
            return new Value.SetV(new LinkedHashSet<>(items.items()));
        }
        if (fields.size() == 1 && fields.containsKey(MAP)) {
            return readPairs(fields.get(MAP), at);
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        fields.forEach((name, v) -> entries.put(new Value.Kw(name), v));
        return new Value.Dict(entries);
    }

    private static Value readPairs(Value pairs, SourceLine at) {
        if (!(pairs instanceof Value.Vec list)) {
            throw at.error("\"#map\" holds " + pairs + "; expected an array of [key, value] pairs");
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        for (Value pair : list.items()) {
            if (!(pair instanceof Value.Vec kv) || kv.items().size() != 2) {
                throw at.error("\"#map\" holds " + pair + "; expected [key, value] pairs");
            }
            entries.put(kv.items().get(0), kv.items().get(1));
        }
        return new Value.Dict(entries);
    }
}
