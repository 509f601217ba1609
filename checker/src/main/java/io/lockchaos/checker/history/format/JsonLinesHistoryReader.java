package io.lockchaos.checker.history.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.Value;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads JSON lines: one op object per line, fields {@code index, time, type, process, f,
 * value, error} and any others as extras. Values follow this package's JSON convention.
 * Blank lines are skipped.
 */
public final class JsonLinesHistoryReader implements HistoryReader {

    @Override
    public History read(String source, Reader reader) {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        LinedEvents events = new LinedEvents();
        int lineNumber = 0;
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                if (!line.isBlank()) {
                    SourceLine at = new SourceLine(source, lineNumber);
                    events.add(OpFields.JSON.toOp(fields(parse(line, at), at), at), lineNumber);
                }
            }
        } catch (IOException e) {
            throw new SourceLine(source, lineNumber + 1).ioError(e);
        }
        return events.toHistory(source);
    }

    private static JsonNode parse(String line, SourceLine at) {
        try {
            return JsonValues.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw at.error("malformed JSON at column " + e.getLocation().getColumnNr() + " ("
                    + e.getOriginalMessage() + "); expected " + OpFields.JSON.example()
                    + " on each line", e);
        }
    }

    private static Map<String, Value> fields(JsonNode node, SourceLine at) {
        if (!node.isObject()) {
            throw at.error("found " + node.getNodeType().name().toLowerCase() + " " + abbreviate(node)
                    + "; expected " + OpFields.JSON.example() + " on each line");
        }
        Map<String, Value> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            fields.put(e.getKey(), JsonValues.read(e.getValue(), at));
        }
        return fields;
    }

    private static String abbreviate(JsonNode node) {
        String text = node.toString();
        return text.length() <= 60 ? text : text.substring(0, 60) + "...";
    }
}
