package io.lockchaos.faults.proxy;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Toxiproxy's JSON: proxies ({@code name, listen, upstream, enabled, toxics}), toxics
 * ({@code attributes, name, type, stream, toxicity}) and errors ({@code error, status}), and the
 * request bodies, with Toxiproxy's defaults (a new proxy is enabled; a new toxic is downstream,
 * toxicity 1, named {@code <type>_<stream>}; an update keeps every field it does not name).
 */
final class ApiJson {
    private final ObjectMapper mapper = strictMapper();

    /**
     * Go's {@code encoding/json} as Toxiproxy uses it: unknown fields are ignored, but a value of
     * the wrong JSON type is refused ({@code "name": 1}, {@code "toxicity": "0.5"},
     * {@code "latency": 1.5}, {@code "enabled": 1}), where Jackson would convert it.
     */
    private static ObjectMapper strictMapper() {
        ObjectMapper mapper = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        // MapperFeature above stops strings becoming numbers or booleans; this stops the reverse
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    /** A proxy body as sent by a client; absent fields are null. */
    record ProxyRequest(String name, String listen, String upstream, Boolean enabled) {
    }

    /** A toxic body as sent by a client; absent fields are null. */
    record ToxicRequest(String name, String type, String stream, Float toxicity, JsonNode attributes) {
    }

    // ---- responses ----

    ObjectNode proxy(Proxy proxy) {
        ProxyState state = proxy.state();
        ObjectNode node = mapper.createObjectNode();
        node.put("name", state.name());
        node.put("listen", state.listen());
        node.put("upstream", state.upstream());
        node.put("enabled", state.enabled());
        node.set("toxics", toxics(proxy.toxics().all()));
        return node;
    }

    ArrayNode toxics(List<ToxicDefinition> toxics) {
        ArrayNode array = mapper.createArrayNode();
        toxics.forEach(toxic -> array.add(toxic(toxic)));
        return array;
    }

    ObjectNode toxic(ToxicDefinition toxic) {
        ObjectNode node = mapper.createObjectNode();
        node.set("attributes", mapper.valueToTree(toxic.toxic()));
        node.put("name", toxic.name());
        node.put("type", toxic.type().wireName());
        node.put("stream", toxic.stream().wireName());
        node.put("toxicity", toxic.toxicity());
        return node;
    }

    ObjectNode error(ApiException error) {
        ObjectNode node = mapper.createObjectNode();
        node.put("error", error.getMessage());
        node.put("status", error.status());
        return node;
    }

    ObjectNode object() {
        return mapper.createObjectNode();
    }

    ArrayNode array() {
        return mapper.createArrayNode();
    }

    byte[] bytes(JsonNode node) {
        try {
            return (mapper.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new ApiException(500, "encoding a response failed: " + e.getOriginalMessage(), e);
        }
    }

    // ---- requests ----

    ProxySpec proxyToCreate(byte[] body) {
        ProxyRequest request = read(body, ProxyRequest.class);
        return validated(request, "");
    }

    List<ProxySpec> proxiesToPopulate(byte[] body) {
        ProxyRequest[] requests = read(body, ProxyRequest[].class);
        List<ProxySpec> specs = new ArrayList<>();
        for (int i = 0; i < requests.length; i++) {
            specs.add(validated(requests[i], " at proxy " + (i + 1)));
        }
        return specs;
    }

    private static ProxySpec validated(ProxyRequest request, String where) {
        if (request == null || request.name() == null || request.name().isEmpty()) {
            throw ApiException.missingField("name" + where);
        }
        if (request.upstream() == null || request.upstream().isEmpty()) {
            throw ApiException.missingField("upstream" + where);
        }
        return new ProxySpec(request.name(), request.listen(), request.upstream(),
                request.enabled() == null || request.enabled());
    }

    /** The fields of a proxy update, each defaulting to the proxy's current value. */
    ProxySpec proxyUpdate(byte[] body, ProxyState current) {
        ProxyRequest request = read(body, ProxyRequest.class);
        if (request == null) {
            return new ProxySpec(current.name(), current.listen(), current.upstream(), current.enabled());
        }
        return new ProxySpec(current.name(),
                request.listen() == null ? current.listen() : request.listen(),
                request.upstream() == null ? current.upstream() : request.upstream(),
                request.enabled() == null ? current.enabled() : request.enabled());
    }

    /** The toxic asked for, with Toxiproxy's defaults; 400 for a bad stream, type or attributes. */
    ToxicDefinition toxicToCreate(byte[] body) {
        ToxicRequest request = read(body, ToxicRequest.class);
        if (request == null) {
            throw ApiException.badRequestBody("empty body");
        }
        String streamName = request.stream() == null ? "downstream" : request.stream();
        Stream stream = Stream.parse(streamName).orElseThrow(ApiException::invalidStream);
        ToxicType type = ToxicType.parse(request.type()).orElseThrow(ApiException::invalidToxicType);
        String name = request.name() == null || request.name().isEmpty()
                ? request.type() + "_" + streamName
                : request.name();
        float toxicity = request.toxicity() == null ? 1.0f : request.toxicity();
        return new ToxicDefinition(name, type, stream, toxicity, attributes(type, request.attributes(), null));
    }

    /** The name a create request asks for (for the duplicate check before anything else is parsed). */
    String toxicName(byte[] body) {
        ToxicRequest request = read(body, ToxicRequest.class);
        if (request == null || request.name() == null || request.name().isEmpty()) {
            String type = request == null ? null : request.type();
            String stream = request == null || request.stream() == null ? "downstream" : request.stream();
            return type + "_" + stream;
        }
        return request.name();
    }

    /** {@code current} with the request's toxicity and attributes laid over it. */
    ToxicDefinition toxicUpdate(byte[] body, ToxicDefinition current) {
        ToxicRequest request = read(body, ToxicRequest.class);
        if (request == null) {
            return current;
        }
        float toxicity = request.toxicity() == null ? current.toxicity() : request.toxicity();
        return current.with(toxicity, attributes(current.type(), request.attributes(), current.toxic()));
    }

    private Toxic attributes(ToxicType type, JsonNode given, Toxic base) {
        ObjectNode merged = base == null ? mapper.createObjectNode() : mapper.valueToTree(base);
        if (given instanceof ObjectNode patch) {
            // Go leaves a field that is null in the request as it was
            patch.properties().stream()
                    .filter(field -> !field.getValue().isNull())
                    .forEach(field -> merged.set(field.getKey(), field.getValue()));
        } else if (given != null && !given.isNull()) {
            throw ApiException.badRequestBody("json: cannot unmarshal " + goKind(given.asToken())
                    + " into field attributes of type object");
        }
        try {
            return mapper.treeToValue(merged, type.attributes());
        } catch (JsonProcessingException e) {
            throw ApiException.badRequestBody(describe(e, "attributes."));
        }
    }

    private <T> T read(byte[] body, Class<T> type) {
        if (body.length == 0) {
            throw ApiException.badRequestBody("EOF");
        }
        try {
            return mapper.readValue(body, type);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequestBody(describe(e, ""));
        } catch (IOException e) {
            throw ApiException.badRequestBody(e.getMessage());
        }
    }

    /**
     * The reason a body was refused, in the words of Go's {@code encoding/json} where Toxiproxy
     * would give them ({@code json: cannot unmarshal string into field toxicity of type float32}),
     * and never with Jackson's Java type names.
     */
    private static String describe(JsonProcessingException e, String pathPrefix) {
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            JsonToken token = mismatch.getProcessor() instanceof JsonParser parser ? parser.currentToken() : null;
            String value = token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT
                    ? " " + textOf(mismatch) : "";
            return "json: cannot unmarshal " + goKind(token) + value + " into field " + pathPrefix
                    + path(mismatch) + " of type " + goType(mismatch.getTargetType());
        }
        if (e instanceof JsonParseException) {
            return "invalid JSON: " + e.getOriginalMessage();
        }
        return "json: the value of field " + pathPrefix + path(e) + " cannot be used";
    }

    private static String path(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException bind) || bind.getPath().isEmpty()) {
            return "(the body)";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : bind.getPath()) {
            if (ref.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String textOf(MismatchedInputException e) {
        try {
            return ((JsonParser) e.getProcessor()).getText();
        } catch (IOException unreadable) {
            return "";
        }
    }

    /** Go's name for the kind of JSON value a token starts. */
    private static String goKind(JsonToken token) {
        if (token == null) {
            return "value";
        }
        return switch (token) {
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "bool";
            case START_OBJECT, FIELD_NAME -> "object";
            case START_ARRAY -> "array";
            default -> "value";
        };
    }

    /** The Go type Toxiproxy declares for a field of this Java type. */
    private static String goType(Class<?> type) {
        if (type == String.class) {
            return "string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "bool";
        }
        if (type == Float.class || type == float.class) {
            return "float32";
        }
        if (type == Long.class || type == long.class || type == Integer.class || type == int.class) {
            return "int64";
        }
        if (type.isArray()) {
            return "array";
        }
        return "object";
    }
}
