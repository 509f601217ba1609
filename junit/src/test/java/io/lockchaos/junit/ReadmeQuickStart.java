package io.lockchaos.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quick start of README.md: each fenced block right after a line
 * {@code <!-- quickstart: PATH -->} is the file PATH of a new project, taken exactly as written.
 */
record ReadmeQuickStart(Map<String, String> files) {

    private static final Pattern BLOCK = Pattern.compile(
            "<!-- quickstart: (\\S+) -->\\n```[a-z]*\\n(.*?)\\n```\\n", Pattern.DOTALL);

    static ReadmeQuickStart of(String readme) {
        Map<String, String> files = new LinkedHashMap<>();
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) {
            if (files.put(m.group(1), m.group(2) + "\n") != null) {
                throw new IllegalArgumentException("README's quick start has " + m.group(1) + " twice");
            }
        }
        return new ReadmeQuickStart(files);
    }

    static ReadmeQuickStart of(Path readme) {
        try {
            return of(Files.readString(readme));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + readme, e);
        }
    }

    /** The paths of the files whose names end with {@code suffix}, in README order. */
    List<String> named(String suffix) {
        return files.keySet().stream().filter(p -> p.endsWith(suffix)).toList();
    }

    /** Writes every file under {@code dir}; returns {@code dir}. */
    Path writeTo(Path dir) {
        try {
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path file = dir.resolve(f.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the quick start under " + dir, e);
        }
        return dir;
    }
}
