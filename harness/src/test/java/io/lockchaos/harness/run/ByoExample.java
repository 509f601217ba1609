package io.lockchaos.harness.run;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The {@code examples/byo-lock} example as its README tells a user to run it: the {@code javac}
 * line and the {@code ./lockchaos run} lines of the README's {@code sh} block, read from the
 * README itself so the tests run what the README says.
 *
 * @param javacOptions the javac line's options other than {@code -cp} and {@code -d}
 * @param classpath the javac line's {@code -cp}, from the checkout's root
 * @param classes the javac line's {@code -d}, from the checkout's root
 * @param sources the javac line's source files, from the checkout's root
 * @param scenarios the scenario files the run lines name, from the checkout's root
 */
record ByoExample(List<String> javacOptions, Path classpath, Path classes, List<Path> sources, List<Path> scenarios) {

    static final Path ROOT = ProjectRoot.find();
    static final Path DIR = ROOT.resolve("examples").resolve("byo-lock");

    /** The commands in the README's first {@code sh} block. */
    static ByoExample readme() {
        List<String> lines = shBlock(DIR.resolve("README.md"));
        List<String> javac = lines.stream().filter(l -> l.startsWith("javac ")).findFirst()
                .map(l -> List.of(l.substring("javac ".length()).trim().split("\\s+")))
                .orElseThrow(() -> new AssertionError("no javac line in the README's sh block: " + lines));
        List<String> options = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        Path cp = null;
        Path d = null;
        for (int i = 0; i < javac.size(); i++) {
            String arg = javac.get(i);
            if (arg.equals("-cp") || arg.equals("-d")) {
                Path value = ROOT.resolve(javac.get(++i)).normalize();
                cp = arg.equals("-cp") ? value : cp;
                d = arg.equals("-d") ? value : d;
            } else if (arg.endsWith(".java")) {
                sources.add(ROOT.resolve(arg).normalize());
            } else {
                options.add(arg);
            }
        }
        List<Path> scenarios = lines.stream().filter(l -> l.startsWith("./lockchaos run "))
                .map(l -> ROOT.resolve(l.substring("./lockchaos run ".length()).trim()).normalize()).toList();
        return new ByoExample(options, cp, d, sources, scenarios);
    }

    private static List<String> shBlock(Path readme) {
        List<String> lines = read(readme).lines().toList();
        int start = lines.indexOf("```sh");
        if (start < 0) {
            throw new AssertionError(readme + " has no ```sh block");
        }
        return lines.subList(start + 1, lines.size()).stream().takeWhile(l -> !l.startsWith("```"))
                .map(String::strip).toList();
    }

    /**
     * Compiles the sources as the javac line does, against {@code against} into
     * {@code into/classes}, and copies the scenario files into {@code into} (so their relative
     * {@code lock.classpath}, {@code classes}, finds them); the copies, in the README's order.
     *
     * @throws AssertionError with the compiler's diagnostics when the sources do not compile
     */
    List<Path> prepare(Path into, String against) {
        Path out = into.resolve(DIR.relativize(classes));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            Files.createDirectories(out);
            List<String> options = new ArrayList<>(javacOptions);
            options.addAll(List.of("-cp", against, "-d", out.toString()));
            boolean ok = javac.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            if (!ok) {
                throw new AssertionError("the example does not compile:\n" + diagnostics.getDiagnostics().stream()
                        .map(ByoExample::describe).collect(Collectors.joining("\n")));
            }
            List<Path> copies = new ArrayList<>();
            for (Path scenario : scenarios) {
                copies.add(Files.copy(scenario, into.resolve(scenario.getFileName())));
            }
            return copies;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String describe(Diagnostic<? extends JavaFileObject> d) {
        return d.getKind() + " " + (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                + d.getMessage(Locale.ROOT);
    }

    /** Every file under {@code dir} whose name ends with {@code suffix}, sorted. */
    static List<Path> files(Path dir, String suffix) {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.getFileName().toString().endsWith(suffix)).map(Path::normalize).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
