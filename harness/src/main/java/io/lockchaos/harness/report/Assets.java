package io.lockchaos.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The files a report inlines, from the classpath: Apache ECharts from its WebJar
 * ({@code org.webjars.npm:echarts}), and the page's own style sheet and chart script beside
 * this class.
 */
final class Assets {

    private static final String WEBJAR = "META-INF/resources/webjars/echarts/";

    private Assets() {
    }

    /** The ECharts version the WebJar on the classpath holds. */
    static String echartsVersion() {
        Properties p = new Properties();
        try (InputStream in = open("META-INF/maven/org.webjars.npm/echarts/pom.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw missing("META-INF/maven/org.webjars.npm/echarts/pom.properties", e);
        }
        return p.getProperty("version");
    }

    static String echarts() {
        return text(WEBJAR + echartsVersion() + "/dist/echarts.min.js");
    }

    static String css() {
        return text("io/lockchaos/harness/report/report.css");
    }

    static String script() {
        return text("io/lockchaos/harness/report/timeline.js");
    }

    private static String text(String resource) {
        try (InputStream in = open(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw missing(resource, e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = Assets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("not on the classpath");
        }
        return in;
    }

    private static ReportException missing(String resource, IOException e) {
        return new ReportException("cannot read " + resource + " (" + e.getMessage() + "); the report needs it inlined:"
                + " rebuild lockchaos (mvn -B -DskipTests package), which bundles it", e);
    }
}
