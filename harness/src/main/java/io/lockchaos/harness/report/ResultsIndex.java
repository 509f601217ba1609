package io.lockchaos.harness.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;

/**
 * {@code results/index.html}: every run under a results folder, newest first, with its scenario,
 * seed, schedule, verdicts and a link to its report. A run is a folder holding
 * {@code scenario.json}, at any depth up to {@link #MAX_DEPTH} (so runs kept by exploration
 * or a matrix are listed too). A folder whose {@code results.json} is missing (a killed run) or
 * unreadable is listed as such, never skipped: the index is where one looks for them.
 */
public final class ResultsIndex {

    /** How deep under the results folder a run's folder may be. */
    static final int MAX_DEPTH = 5;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One run, as the index lists it. */
    record Entry(Path dir, Instant started, String scenario, String seed, String schedule, String verdict, String tone,
            List<String> notValid, boolean report) {
    }

    private ResultsIndex() {
    }

    /**
     * Writes {@code index.html} into {@code root} and returns how many runs it lists.
     *
     * @throws ReportException when the folder cannot be read or the page not written
     */
    public static int write(Path root) {
        List<Entry> entries = entries(root);
        Path page = root.resolve("index.html");
        Path partial = root.resolve("index.html.partial");
        try {
            Files.writeString(partial, html(root, entries));
            Files.move(partial, page, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ReportException("cannot write " + page + " (" + e.getMessage() + "); check that "
                    + root + " is writable", e);
        }
        return entries.size();
    }

    /**
     * The runs under {@code root}, newest first: by {@code resolved.startedAt} of scenario.json, or
     * when it has none by the time scenario.json was written.
     */
    static List<Entry> entries(Path root) {
        if (!Files.isDirectory(root)) {
            throw new ReportException(root + " is not a folder; give the results folder (e.g. results/)");
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> found = Files.find(root, MAX_DEPTH, (p, attrs) -> attrs.isRegularFile()
                && p.getFileName().toString().equals("scenario.json"))) {
            found.filter(p -> !Files.isSymbolicLink(p.getParent()))
                    .forEach(p -> entries.add(entry(p.getParent())));
        } catch (IOException | UncheckedIOException e) {
            throw new ReportException("cannot list the runs under " + root + " (" + e.getMessage() + ")", e);
        }
        entries.sort(Comparator.comparing(Entry::started).thenComparing(e -> e.dir().toString()).reversed());
        return entries;
    }

    private static Entry entry(Path dir) {
        JsonNode scenario = readOrNull(dir.resolve("scenario.json"));
        String name = scenario == null ? dir.getParent().getFileName().toString() : scenario.path("name").asText("?");
        String seed = scenario == null ? "?" : scenario.path("seed").asText("?");
        String schedule = scenario == null ? "" : scenario.path("resolved").path("schedule")
                .asText(scenario.path("schedule").asText(""));
        Instant started = started(dir, scenario);
        boolean report = Files.isRegularFile(dir.resolve("report.html"));
        Path resultsJson = dir.resolve("results.json");
        if (!Files.exists(resultsJson)) {
            return new Entry(dir, started, name, seed, schedule, "no results (killed or failed run)", "unknown", List.of(),
                    report);
        }
        JsonNode results = readOrNull(resultsJson);
        if (results == null || !results.path("checks").isObject()) {
            return new Entry(dir, started, name, seed, schedule, "results.json unreadable", "unknown", List.of(), report);
        }
        List<String> notValid = new ArrayList<>();
        results.path("checks").fields().forEachRemaining(c -> {
            JsonNode valid = c.getValue().path("valid");
            if (!(valid.isBoolean() && valid.asBoolean())) {
                notValid.add(c.getKey() + " " + (valid.isBoolean() ? "invalid" : valid.asText("unknown")));
            }
        });
        JsonNode valid = results.path("valid");
        String word = valid.isBoolean() ? (valid.asBoolean() ? "valid" : "invalid") : valid.asText("unknown");
        JsonNode matched = results.path("matched");
        if (matched.isBoolean()) {
            return new Entry(dir, started, name, seed, schedule, (matched.asBoolean() ? "as expected" : "NOT as expected")
                    + " (" + word + ")", matched.asBoolean() ? "valid" : "invalid", notValid, report);
        }
        return new Entry(dir, started, name, seed, schedule, word, word, notValid, report);
    }

    private static Instant started(Path dir, JsonNode scenario) {
        String at = scenario == null ? "" : scenario.path("resolved").path("startedAt").asText("");
        try {
            return at.isEmpty() ? Files.getLastModifiedTime(dir.resolve("scenario.json")).toInstant()
                    : Instant.parse(at);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        } catch (IOException e) {
            throw new ReportException("cannot read " + dir.resolve("scenario.json") + " (" + e.getMessage() + ")", e);
        }
    }

    private static JsonNode readOrNull(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            return null;
        } catch (IOException e) {
            throw new ReportException("cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    private static String html(Path root, List<Entry> entries) {
        Document doc = Document.createShell("");
        doc.outputSettings().prettyPrint(false);
        doc.prependChild(new DocumentType("html", "", ""));
        doc.selectFirst("html").attr("lang", "en");
        doc.head().appendElement("meta").attr("charset", "utf-8");
        doc.head().appendElement("title").text("lockchaos: " + entries.size() + " runs");
        doc.head().appendElement("style").appendChild(new DataNode(Assets.css()));
        Element body = doc.body();
        body.appendElement("h1").text("lockchaos runs");
        body.appendElement("p").text(entries.size() + " runs under " + root.toAbsolutePath().normalize()
                + ", newest first. Written by 'lockchaos index' and after every run.");
        Element table = body.appendElement("table").addClass("checks");
        Element head = table.appendElement("thead").appendElement("tr");
        for (String h : List.of("run", "scenario", "seed", "verdict", "checks not valid", "schedule")) {
            head.appendElement("th").text(h);
        }
        Element rows = table.appendElement("tbody");
        for (Entry e : entries) {
            Element tr = rows.appendElement("tr");
            String rel = root.relativize(e.dir()).toString().replace('\\', '/');
            Element run = tr.appendElement("td");
            if (e.report()) {
                run.appendElement("a").attr("href", rel + "/report.html").text(rel);
            } else {
                run.text(rel);
            }
            tr.appendElement("td").text(e.scenario());
            tr.appendElement("td").text(e.seed());
            tr.appendElement("td").addClass(e.tone()).text(e.verdict());
            tr.appendElement("td").text(String.join(", ", e.notValid()));
            tr.appendElement("td").appendElement("code").text(e.schedule().strip().replace("\n", "; "));
        }
        return doc.outerHtml();
    }
}
