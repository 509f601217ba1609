package io.lockchaos.history.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON lines: one op object per line, fields {@code index, time, type, process, f,
 * value, error} and any others as extras. Values follow this package's JSON convention.
 * Blank lines are skipped. Each line is read by {@link JsonLineScanner} when it is in the
 * plain subset lockchaos writes, else by Jackson's streaming parser, straight into
 * {@link Value}s, in one pass. A last line that is not complete JSON and has no newline after
 * it is what a killed writer leaves: every line before it is read, and the history's
 * {@link History#notes()} say that the last one was torn.
 */
public final class JsonLinesHistoryReader implements HistoryReader {

    @Override
    public History read(String source, Reader reader) {
        TextLines lines = new TextLines(reader);
        LinedEvents events = new LinedEvents();
        JsonLineScanner scanner = new JsonLineScanner();
        OpBuilder op = new OpBuilder(OpFields.JSON);
        try {
            for (CharSequence line = lines.next(); line != null; line = lines.next()) {
                if (lines.number() == 1 && line.length() > 0 && line.charAt(0) == BYTE_ORDER_MARK) {
                    line = line.subSequence(1, line.length());
                }
                if (isBlank(line)) {
                    continue;
                }
                try {
                    if (scanner.read(line, op)) {
                        events.add(op.build(source, lines.number(), events.size()), lines.number());
                    } else {
                        SourceLine at = new SourceLine(source, lines.number());
                        events.add(OpFields.JSON.toOp(fields(line.toString(), at), at, events.size()), lines.number());
                    }
                } catch (MalformedLine e) {
                    SourceLine at = new SourceLine(source, lines.number());
                    if (lines.next() == null && !lines.endedWithNewline()) {
                        return events.toHistory(source).tornAt(at.line(), at.error("the last line is torn ("
                                + e.getMessage() + ", and no newline after it), as a killed run leaves it;"
                                + " read the " + events.size() + " events before it").getMessage());
                    }
                    throw at.error(e.getMessage() + "; expected " + OpFields.JSON.example() + " on each line", e);
                }
            }
        } catch (IOException e) {
            throw new SourceLine(source, lines.number() + 1).ioError(e);
        }
        return events.toHistory(source);
    }

    /** {@link String#isBlank()} for a line read in place. */
    private static boolean isBlank(CharSequence line) {
        for (int i = 0; i < line.length(); i++) {
            if (!Character.isWhitespace(line.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A line that is not one well-formed JSON value. */
    private static final class MalformedLine extends RuntimeException {
        MalformedLine(String problem, Throwable cause) {
            super(problem, cause);
        }
    }

    /** The op object's fields as Jackson reads them; the reference {@link JsonLineScanner} is held to. */
    static Map<String, Value> fields(String line, SourceLine at) {
        try (JsonParser in = JsonValues.FACTORY.createParser(line)) {
            JsonToken first = in.nextToken();
            if (first != JsonToken.START_OBJECT) {
                in.skipChildren();
                if (in.nextToken() != null) {
                    throw new MalformedLine("more than one JSON value on the line", null);
                }
                throw at.error("found " + describe(first) + " " + abbreviate(line) + "; expected "
                        + OpFields.JSON.example() + " on each line");
            }
            Map<String, Value> fields = JsonValues.readFields(in, at);
            if (in.nextToken() != null) {
                throw new MalformedLine("more after the op object at column "
                        + in.currentLocation().getColumnNr(), null);
            }
            return fields;
        } catch (StreamConstraintsException e) {
            throw at.error("values nested more than " + JsonValues.MAX_DEPTH + " deep; expected op"
                    + " values of modest depth (is the file a JSON lines history?)");
        } catch (JsonProcessingException e) {
            String column = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            throw new MalformedLine("malformed JSON" + column + " (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new MalformedLine("unreadable JSON (" + e.getMessage() + ")", e);
        }
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> token.asString();
        };
    }

    private static String abbreviate(String text) {
        String line = text.strip();
        return line.length() <= 60 ? line : line.substring(0, 60) + "...";
    }
}
