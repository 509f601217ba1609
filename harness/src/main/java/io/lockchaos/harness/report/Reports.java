package io.lockchaos.harness.report;

/** The package's entry point: report.html's text for a run's data (the caller writes it into the results folder). */
public final class Reports {

    private Reports() {
    }

    /** The page for {@code data}, as one self-contained HTML document. */
    public static String html(ReportData data) {
        return ReportPage.html(data);
    }
}
