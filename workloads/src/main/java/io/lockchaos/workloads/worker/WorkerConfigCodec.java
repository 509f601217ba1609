package io.lockchaos.workloads.worker;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.introspect.AnnotatedField;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.AnnotatedParameter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.storage.Store;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * {@link WorkerConfig} as JSON, by Jackson from the records themselves: the field names are the
 * components' (a {@link Duration}'s with {@code Ms} appended, its value in milliseconds), so no
 * field name is written here.
 */
final class WorkerConfigCodec {

    private static final JsonMapper JSON = JsonMapper.builder()
            .addModule(types())
            .propertyNamingStrategy(new Millis())
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private WorkerConfigCodec() {
    }

    static String write(WorkerConfig config) {
        try {
            return JSON.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a worker config did not serialise: " + e.getOriginalMessage(), e);
        }
    }

    static WorkerConfig read(Path file) {
        try {
            return JSON.readValue(file.toFile(), WorkerConfig.class);
        } catch (JsonMappingException e) {
            throw problem(file.toString(), e);
        } catch (IOException e) {
            throw new WorkloadException(file + ": cannot read the worker config (" + e.getMessage()
                    + "); it must be a JSON object as WorkerConfig documents", e);
        }
    }

    static WorkerConfig parse(String json, String source) {
        try {
            return JSON.readValue(json, WorkerConfig.class);
        } catch (JsonMappingException e) {
            throw problem(source, e);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(source + ": not JSON (" + e.getOriginalMessage() + ")", e);
        }
    }

    /** A binding error: the config's own check's message, or Jackson's with the field's path. */
    private static WorkloadException problem(String source, JsonMappingException e) {
        if (e.getCause() instanceof WorkloadException own) {
            return new WorkloadException(source + ": " + own.getMessage(), own);
        }
        String at = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        String message = e.getOriginalMessage().replaceAll("; `DeserializationFeature\\.[A-Z_]+` enabled", "");
        return new WorkloadException(source + ": " + message + (at.isEmpty() ? "" : " (in '" + at + "')")
                + "; see WorkerConfig for the format", e);
    }

    private static SimpleModule types() {
        SimpleModule types = new SimpleModule("lockchaos-worker-config");
        types.addSerializer(Duration.class, new Written<>(Duration.class, (d, g) -> g.writeNumber(d.toMillis())));
        types.addDeserializer(Duration.class, new Read<>(Duration.class, p -> Duration.ofMillis(whole(p))));
        types.addSerializer(Address.class, new Written<>(Address.class, (a, g) -> g.writeString(a.toString())));
        types.addDeserializer(Address.class, new Read<>(Address.class, p -> Address.parse(p.getValueAsString())));
        types.addSerializer(Fencing.class, new Written<>(Fencing.class, (f, g) -> g.writeString(f.id())));
        types.addDeserializer(Fencing.class, new Read<>(Fencing.class, p -> {
            String id = p.getValueAsString();
            return Fencing.byId(id).orElseThrow(() -> new WorkloadException("unknown storage fencing '" + id
                    + "'; valid: " + Fencing.ids()));
        }));
        types.addSerializer(Store.class, new Written<>(Store.class, (s, g) -> g.writeString(s.id())));
        types.addDeserializer(Store.class, new Read<>(Store.class, p -> {
            String id = p.getValueAsString();
            return Store.byId(id).orElseThrow(() -> new WorkloadException("unknown store '" + id
                    + "'; valid: " + Store.ids()));
        }));
        types.addSerializer(OptionalLong.class, new Written<>(OptionalLong.class, (n, g) -> {
            if (n.isPresent()) {
                g.writeNumber(n.getAsLong());
            } else {
                g.writeNull();
            }
        }));
        types.addDeserializer(OptionalLong.class, new Read<>(OptionalLong.class, p -> OptionalLong.of(whole(p))) {
            @Override
            public OptionalLong getNullValue(DeserializationContext context) {
                return OptionalLong.empty();
            }
        });
        return types;
    }

    private static long whole(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw new WorkloadException("'" + p.currentName() + "' must be a whole number, got " + p.getText());
        }
        return p.getLongValue();
    }

    /** A value written by one call. */
    private interface Writing<T> {
        void write(T value, JsonGenerator out) throws IOException;
    }

    /** A value read from the current token. */
    private interface Reading<T> {
        T read(JsonParser in) throws IOException;
    }

    private static final class Written<T> extends StdSerializer<T> {
        private final Writing<T> writing;

        Written(Class<T> type, Writing<T> writing) {
            super(type);
            this.writing = writing;
        }

        @Override
        public void serialize(T value, JsonGenerator out, SerializerProvider provider) throws IOException {
            writing.write(value, out);
        }
    }

    private static class Read<T> extends StdDeserializer<T> {
        private final Reading<T> reading;

        Read(Class<T> type, Reading<T> reading) {
            super(type);
            this.reading = reading;
        }

        @Override
        public T deserialize(JsonParser in, DeserializationContext context) throws IOException {
            try {
                return reading.read(in);
            } catch (WorkloadException e) {
                throw JsonMappingException.from(in, e.getMessage(), e);
            }
        }
    }

    /** A {@link Duration} component {@code think} is the field {@code thinkMs}; every other name is its component's. */
    private static final class Millis extends PropertyNamingStrategy {
        private static String named(Class<?> type, String name) {
            return type == Duration.class ? name + "Ms" : name;
        }

        @Override
        public String nameForField(MapperConfig<?> config, AnnotatedField field, String name) {
            return named(field.getRawType(), name);
        }

        @Override
        public String nameForGetterMethod(MapperConfig<?> config, AnnotatedMethod method, String name) {
            return named(method.getRawReturnType(), name);
        }

        @Override
        public String nameForConstructorParameter(MapperConfig<?> config, AnnotatedParameter parameter, String name) {
            return named(parameter.getRawType(), name);
        }
    }
}
