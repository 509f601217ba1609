package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.OpFields;
import io.lockchaos.history.format.LinedEvents;
import io.lockchaos.history.format.HistoryReader;
import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads Jepsen's {@code history.edn}: one op map per line, or one vector or list of op maps
 * that may span many lines; maps may be tagged records ({@code #jepsen.history.Op{...}}).
 * The common case is read in one streaming pass over the file's bytes by {@link EdnBytes}
 * (files that are pure ASCII), else over its characters by {@link EdnScanner}, in linear time
 * and without loading Clojure. Input it cannot read exactly (and every malformed file) is read
 * again from the start by {@link ClojureEdnHistoryReader}, Clojure's own EDN reader, so
 * anything Jepsen prints reads as Jepsen meant it and errors are Clojure's.
 */
public final class EdnHistoryReader implements HistoryReader {

    @Override
    public History read(Path file) {
        String source = file.toString();
        try (InputStream in = Files.newInputStream(file)) {
            return EdnBytes.read(source, in);
        } catch (EdnScanner.Inexact e) {
            return readChars(file);
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
    }

    /** The second pass, on characters: anything not ASCII, and what the first pass leaves. */
    private static History readChars(Path file) {
        String source = file.toString();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return readFast(source, in);
        } catch (EdnScanner.Inexact e) {
            return new ClojureEdnHistoryReader().read(file);
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
    }

    /** Reads a history from {@code in}; holds the text in memory so it can fall back. */
    @Override
    public History read(String source, Reader in) {
        String text;
        try {
            StringBuilder all = new StringBuilder();
            char[] chunk = new char[8192];
            for (int n = in.read(chunk); n != -1; n = in.read(chunk)) {
                all.append(chunk, 0, n);
            }
            text = all.toString();
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
        try {
            return readFast(source, new StringReader(text));
        } catch (EdnScanner.Inexact e) {
            return new ClojureEdnHistoryReader().read(source, new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
    }

    /** The fast pass; {@link EdnScanner.Inexact} when Clojure's reader must decide. */
    static History readFast(String source, Reader reader) throws IOException {
        EdnScanner in = new EdnScanner(reader, source, 1);
        LinedEvents events = new LinedEvents();
        int c = in.skipBlank(true);
        if (c == '[' || c == '(') {
            int close = c == '[' ? ']' : ')';
            in.next();
            for (c = in.skipBlank(true); c != close; c = in.skipBlank(true)) {
                if (c == -1) {
                    throw new EdnScanner.Inexact("end of input inside the ops");
                }
                readOp(in, source, events);
            }
            in.next();
            if (in.skipBlank(true) != -1) {
                throw new EdnScanner.Inexact("text after the ops");
            }
        } else {
            for (; c != -1; c = in.skipBlank(true)) {
                readOp(in, source, events);
            }
        }
        return events.toHistory(source);
    }

    private static void readOp(EdnScanner in, String source, LinedEvents events) throws IOException {
        int line = in.line();
        int c = in.next();
        if (c == '#') {
            if (in.peek() == '_' || in.peek() == '{') {
                throw new EdnScanner.Inexact("a discard or set where an op was expected");
            }
            in.readTag();
            c = in.skipBlank(false) == '{' ? in.next() : -1;
        }
        if (c != '{') {
            throw new EdnScanner.Inexact("not an op map");
        }
        Map<Value, Value> entries = in.readMap(0);
        Map<String, Value> fields = new LinkedHashMap<>(entries.size() * 2);
        entries.forEach((key, value) -> {
            // Clojure's reader tells string keys from symbol keys; this scanner does not.
            String name = key instanceof Value.Kw k ? k.name() : null;
            if (name == null || fields.put(name, value) != null) {
                throw new EdnScanner.Inexact("op key " + key);
            }
        });
        SourceLine at = new SourceLine(source, line);
        events.add(OpFields.EDN.toOp(fields, at, events.size()), line);
    }
}
