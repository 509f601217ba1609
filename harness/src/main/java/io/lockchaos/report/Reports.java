package io.lockchaos.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes report.html. */
public final class Reports {

    private Reports() {
    }

    /** The page for {@code data}, as one self-contained HTML document. */
    public static String html(ReportData data) {
        return ReportPage.html(data);
    }

    /**
     * Writes the page for {@code data} to {@code file} (replacing it) and returns {@code file}.
     *
     * @throws ReportException when it cannot be written
     */
    public static Path write(Path file, ReportData data) {
        String html = html(data);
        try {
            Files.writeString(file, html, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new ReportException("cannot write " + file + " (" + e + "); check that the results folder is"
                    + " writable", e);
        }
    }
}
