package io.lockchaos.harness.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.Topology;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.workloads.storage.Store;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The JSON face of {@link Scenario}: Jackson binds the file to the record and writes the record
 * back, with strict types (no number for a string, no {@code 1e15} for a whole number, no
 * {@code null}, no unknown field, nothing after the object). Fields left out take the default
 * their component declares ({@code @JsonProperty(defaultValue)}, as JSON; {@link #defaults}); a
 * required field left out, and every binding error, becomes a
 * {@link ScenarioException} naming the field's full path ({@code lock.ttlMs},
 * {@code storage[1]}), what it is and what is allowed.
 */
final class ScenarioJson {

    /** The context attribute naming the file being read, for the schedule's messages. */
    private static final String SOURCE = "source";
    private static final JsonMapper JSON = mapper();
    private static final JsonNode DEFAULT_TREE = defaults(Scenario.class);

    private ScenarioJson() {
    }

    private static JsonMapper mapper() {
        SimpleModule types = new SimpleModule("lockchaos-scenario");
        types.addSerializer(Duration.class, new Text<>(Duration.class, d -> d.toMillis()));
        types.addDeserializer(Duration.class, new Millis());
        words(types, Topology.class, Topology::id);
        words(types, Fencing.class, Fencing::id);
        words(types, Store.class, Store::id);
        words(types, Tokens.class, Tokens::id);
        words(types, Validity.class, Validity::word);
        types.addSerializer(SchedulePlan.class, new Text<>(SchedulePlan.class, SchedulePlan::text));
        types.addDeserializer(SchedulePlan.class, new Plan());
        types.addSerializer(Path.class, new Text<>(Path.class, Path::toString));
        types.addDeserializer(Path.class, new Word<>(Path.class, Path::of));
        JsonMapper mapper = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .defaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
                .addModule(types)
                .build();
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    private static <T extends Enum<T>> void words(SimpleModule types, Class<T> type, Function<T, String> word) {
        types.addSerializer(type, new Text<>(type, word::apply));
        types.addDeserializer(type, new Word<>(type, text -> Arrays.stream(type.getEnumConstants())
                .filter(c -> word.apply(c).equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not one of " + allowed(type)))));
    }

    /**
     * The value of each optional field of {@code type} when a file leaves it out, from its
     * component's {@code @JsonProperty(defaultValue)}; a nested record's defaults as an object.
     */
    static ObjectNode defaults(Class<?> type) {
        ObjectNode tree = JSON.createObjectNode();
        for (RecordComponent c : type.getRecordComponents()) {
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            if (p != null && !p.defaultValue().isEmpty()) {
                try {
                    tree.set(jsonName(c), JSON.readTree(p.defaultValue()));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException(type.getSimpleName() + "." + c.getName() + "'s default is not JSON: "
                            + p.defaultValue(), e);
                }
            } else if (c.getType().isRecord()) {
                tree.set(jsonName(c), defaults(c.getType()));
            }
        }
        return tree;
    }

    /**
     * The scenario in {@code json}; {@code resolved}, which a results folder's
     * {@code scenario.json} adds, is ignored, and so are {@code designRow} and {@code fault},
     * which only the matrix reads ({@link io.lockchaos.harness.matrix.MatrixScenario} checks them). Checks types only: {@link ScenarioCheck} checks
     * the values.
     */
    static Scenario read(String json, String source) {
        return readListing(json, source).scenario();
    }

    /**
     * The scenario in {@code json} with what the matrix reads beside it: {@code designRow} (a
     * positive whole number, or null) and {@code fault} (a string, or null), in the same pass.
     */
    static ScenarioFile.Listing readListing(String json, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ScenarioException(source + ": not JSON (" + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()) + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(source + ": a scenario is a JSON object; see scenarios/README.md");
        }
        JsonNode row = root.path("designRow");
        JsonNode fault = root.path("fault");
        if (!row.isMissingNode() && !row.isNull() && !(row.isInt() && row.asInt() >= 1)) {
            throw bad(source, "designRow", row.toString(), "a whole number from 1 (the row of the design's scenario"
                    + " matrix) or null (a scenario beside the rows)");
        }
        if (!fault.isMissingNode() && !fault.isNull() && !fault.isTextual()) {
            throw bad(source, "fault", fault.toString(), "a string (the fault in words)");
        }
        JsonNode alone = root.path("alone");
        if (!alone.isMissingNode() && !alone.isBoolean()) {
            throw bad(source, "alone", alone.toString(), "true (the matrix runs this scenario with nothing beside it) or false");
        }
        ((ObjectNode) root).remove(List.of("resolved", "designRow", "fault", "alone"));
        known(root, Scenario.class, "", source);
        withDefaults((ObjectNode) root, DEFAULT_TREE);
        try {
            Scenario scenario = JSON.readerFor(Scenario.class).withAttribute(SOURCE, source).readValue(root);
            return new ScenarioFile.Listing(scenario, row.isInt() ? OptionalInt.of(row.asInt()) : OptionalInt.empty(),
                    Optional.ofNullable(fault.textValue()).filter(t -> !t.isBlank()), alone.asBoolean(false));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof LockchaosException own) {
                throw new ScenarioException(own.getMessage(), own);
            }
            throw bindingError(e, root, source);
        } catch (IOException e) {
            throw new ScenarioException(source + ": " + e.getMessage(), e);
        }
    }

    /** {@code s} as JSON, plus {@code resolved} when not null. */
    static String write(Scenario s, Map<String, String> resolved) {
        ObjectNode root = JSON.valueToTree(s);
        if (resolved != null) {
            ObjectNode r = root.putObject("resolved");
            resolved.forEach(r::put);
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a scenario tree did not print", e);
        }
    }

    /** Adds each default the file left out; a group of defaults ({@code lock}'s) goes only into a given object. */
    private static void withDefaults(ObjectNode node, JsonNode defaults) {
        defaults.fields().forEachRemaining(d -> {
            JsonNode given = node.get(d.getKey());
            if (given == null && !(d.getValue().isObject() && d.getValue().size() > 0)) {
                node.set(d.getKey(), d.getValue().deepCopy());
            } else if (given != null && given.isObject() && d.getValue().isObject()) {
                withDefaults((ObjectNode) given, d.getValue());
            }
        });
    }

    /**
     * Refuses a field {@code type} does not have (before any other problem, which an unknown
     * field may explain), and recurses into nested records given as objects.
     */
    private static void known(JsonNode node, Class<?> type, String prefix, String source) {
        List<RecordComponent> fields = Arrays.stream(type.getRecordComponents())
                .filter(c -> !c.getAccessor().isAnnotationPresent(JsonIgnore.class)).toList();
        Set<String> names = fields.stream().map(ScenarioJson::jsonName).collect(Collectors.toCollection(TreeSet::new));
        node.fieldNames().forEachRemaining(f -> {
            if (!names.contains(f)) {
                throw bad(source, prefix + f, "an unknown field", String.join(", ", names));
            }
        });
        for (RecordComponent c : fields) {
            JsonNode given = node.get(jsonName(c));
            if (c.getType().isRecord() && given != null && given.isObject()) {
                known(given, c.getType(), prefix + jsonName(c) + ".", source);
            }
        }
    }

    private static ScenarioException bindingError(JsonMappingException e, JsonNode root, String source) {
        StringBuilder path = new StringBuilder();
        StringBuilder pointer = new StringBuilder();
        Type type = Scenario.class;
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                pointer.append('/').append(r.getFieldName().replace("~", "~0").replace("/", "~1"));
            } else {
                path.append('[').append(r.getIndex()).append(']');
                pointer.append('/').append(r.getIndex());
            }
            type = member(type, r);
        }
        String found = root.at(pointer.toString()).isMissingNode() && e instanceof InvalidNullException ? "missing"
                : found(root, pointer.toString());
        return new ScenarioException(source + ": field '" + path + "' is " + found + "; allowed: " + allowed(type), e);
    }

    /** The JSON at {@code pointer}, or at the nearest enclosing value that exists. */
    private static String found(JsonNode root, String pointer) {
        String p = pointer;
        while (root.at(p).isMissingNode() && p.contains("/")) {
            p = p.substring(0, p.lastIndexOf('/'));
        }
        return root.at(p).toString();
    }

    /** The declared type of {@code ref} inside {@code type} (a record's field, a list's item, a map's value). */
    private static Type member(Type type, JsonMappingException.Reference ref) {
        Class<?> raw = raw(type);
        if (raw.isRecord() && ref.getFieldName() != null) {
            return Arrays.stream(raw.getRecordComponents()).filter(c -> jsonName(c).equals(ref.getFieldName()))
                    .findFirst().map(RecordComponent::getGenericType).orElse(Object.class);
        }
        if (type instanceof ParameterizedType p && (List.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw))) {
            Type[] args = p.getActualTypeArguments();
            return args[args.length - 1];
        }
        return type;
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType()
                : type instanceof Class<?> c ? c : Object.class;
    }

    private static String jsonName(RecordComponent c) {
        return Optional.ofNullable(c.getAccessor().getAnnotation(JsonProperty.class)).map(JsonProperty::value)
                .filter(v -> !v.isEmpty()).orElse(c.getName());
    }

    /** What a value of {@code type} looks like in the file. */
    static String allowed(Type type) {
        Class<?> raw = raw(type);
        if (raw == Topology.class) {
            return Topology.validIds();
        }
        if (raw.isEnum()) {
            return Arrays.stream(raw.getEnumConstants()).map(c -> c instanceof Fencing f ? f.id() : c instanceof Store st ? st.id()
                    : c instanceof Validity v ? v.word() : c instanceof Tokens t ? t.id() : c.toString()).collect(Collectors.joining(", "));
        }
        if (raw == Duration.class) {
            return "a whole number of milliseconds";
        }
        if (raw == int.class || raw == long.class) {
            return "a whole number";
        }
        if (raw == String.class) {
            return "a string";
        }
        if (raw == SchedulePlan.class) {
            return "a fault script (a step per line) or one 'random' line";
        }
        if (raw == Path.class) {
            return "a path (a string)";
        }
        if (List.class.isAssignableFrom(raw)) {
            return "one or an array of: " + allowed(((ParameterizedType) type).getActualTypeArguments()[0]);
        }
        if (Map.class.isAssignableFrom(raw)) {
            return "an object whose values are " + allowed(((ParameterizedType) type).getActualTypeArguments()[1]);
        }
        return "an object";
    }

    private static ScenarioException bad(String source, String field, String found, String allowed) {
        return new ScenarioException(source + ": field '" + field + "' is " + found + "; allowed: " + allowed);
    }

    /** Writes a value as its text, or as a number when its form is a {@code Long}. */
    private static final class Text<T> extends StdSerializer<T> {
        private final transient Function<T, Object> form;

        Text(Class<T> type, Function<T, Object> form) {
            super(type);
            this.form = form;
        }

        @Override
        public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            Object v = form.apply(value);
            if (v instanceof Long n) {
                gen.writeNumber(n);
            } else {
                gen.writeString(String.valueOf(v));
            }
        }
    }

    /** Reads a value from a JSON string by {@code parse}, which throws for a word it does not know. */
    private static final class Word<T> extends StdScalarDeserializer<T> {
        private final transient Function<String, T> parse;

        Word(Class<T> type, Function<String, T> parse) {
            super(type);
            this.parse = parse;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (T) ctxt.handleUnexpectedToken(handledType(), p);
            }
            String text = p.getText();
            try {
                return parse.apply(text);
            } catch (RuntimeException e) {
                throw ctxt.weirdStringException(text, handledType(), e.getMessage());
            }
        }
    }

    /**
     * Reads the schedule field's text into its plan: the one place a scenario's schedule is read
     * from text ({@link SchedulePlan#parse}); its messages name the file's field and the line.
     */
    private static final class Plan extends StdScalarDeserializer<SchedulePlan> {
        Plan() {
            super(SchedulePlan.class);
        }

        @Override
        public SchedulePlan deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (SchedulePlan) ctxt.handleUnexpectedToken(SchedulePlan.class, p);
            }
            Object source = ctxt.getAttribute(SOURCE);
            String where = (source == null ? "scenario" : source) + " field 'schedule'";
            try {
                return SchedulePlan.parse(where, p.getText());
            } catch (LockchaosException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }

    /** Reads a duration from a whole number of milliseconds (no fraction, no exponent, within a long). */
    private static final class Millis extends StdScalarDeserializer<Duration> {
        Millis() {
            super(Duration.class);
        }

        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                return (Duration) ctxt.handleUnexpectedToken(Duration.class, p);
            }
            return Duration.ofMillis(p.getLongValue());
        }
    }
}
