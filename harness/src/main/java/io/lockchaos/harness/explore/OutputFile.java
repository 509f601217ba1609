package io.lockchaos.harness.explore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A file an exploration or a shrink writes (summary.json, summary.md, shrunk.json, shrink.md). */
record OutputFile(Path path) {

    /** Writes {@code text}, replacing what was there. */
    void write(String text) {
        try {
            Files.writeString(path, text);
        } catch (IOException e) {
            throw new ExploreException("cannot write " + path + " (" + e + "); check that the results folder is writable", e);
        }
    }
}
