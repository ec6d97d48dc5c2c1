package dev.pate.study;

import dev.pate.pipeline.output.NumberText;
import dev.pate.pipeline.report.PrivacyInWords;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * report.html: the study in one self-contained page (the plots are embedded as data URIs), so it
 * opens in any browser from the file system, without a server, and can be sent on as one file.
 */
public final class HtmlReport {
  private HtmlReport() {}

  /**
   * @param title the study's name
   * @param facts lines about the study (grid, repeats, where things are), shown as a list
   * @param plots file name to PNG bytes, in display order
   */
  public static String of(String title, List<String> facts, List<StudyRow> rows,
      List<String> sweptKeys, Map<String, byte[]> plots) {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>").append(escape(title)).append(" - pate study</title>\n<style>\n")
        .append("body{font-family:sans-serif;margin:2em;max-width:1200px}")
        .append("table{border-collapse:collapse;font-size:0.9em}")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:right}")
        .append("th{background:#f0f0f0}img{max-width:100%;border:1px solid #ddd;margin:0.5em 0}")
        .append("\n</style>\n</head>\n<body>\n")
        .append("<h1>Study ").append(escape(title)).append("</h1>\n<ul>\n");
    facts.forEach(f -> html.append("<li>").append(escape(f)).append("</li>\n"));
    html.append("</ul>\n");
    if (!rows.isEmpty()) {
      StudyRow first = rows.get(0);
      html.append("<p>").append(escape(String.format(Locale.ROOT, "Every epsilon is at delta %s"
          + " with the %s conversion. The data-independent epsilon holds whatever the votes; the"
          + " data-dependent one is smaller but a function of the private votes, so it is not"
          + " itself private (publish it only through smooth sensitivity).", first.delta(),
          first.conversion())));
      if (rows.stream().anyMatch(r -> r.randomness().equals("seeded"))) {
        html.append(" <strong>Noise was seeded (aggregator.randomness: seeded): reproducible for a"
            + " study, but no real privacy.</strong>");
      }
      html.append(escape(weakGuarantees(rows)));
      html.append("</p>\n");
    }
    for (Map.Entry<String, byte[]> plot : plots.entrySet()) {
      html.append("<h2>").append(escape(plot.getKey())).append("</h2>\n<img alt=\"")
          .append(escape(plot.getKey())).append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(plot.getValue())).append("\">\n");
    }
    if (rows.stream().allMatch(r -> r.studentAccuracy() == null)) {
      html.append("<p>No student was trained (student.train: false), so there is no"
          + " student-accuracy plot.</p>\n");
    }
    html.append("<h2>Results</h2>\n<p>Every column, in full precision:"
        + " <a href=\"results.csv\">results.csv</a>.</p>\n<table>\n");
    List<List<String>> cells = ResultsTable.cells(rows, sweptKeys);
    for (int r = 0; r < cells.size(); r++) {
      String tag = r == 0 ? "th" : "td";
      html.append("<tr>");
      cells.get(r).forEach(c -> html.append('<').append(tag).append('>').append(escape(c))
          .append("</").append(tag).append('>'));
      html.append("</tr>\n");
    }
    html.append("</table>\n</body>\n</html>\n");
    return html.toString();
  }

  /**
   * The points whose guarantee is weak (above epsilon 10), named, or nothing: a study that
   * plots them beside strong ones must not let them pass for private.
   */
  static String weakGuarantees(List<StudyRow> rows) {
    List<String> weak = rows.stream()
        .filter(r -> PrivacyInWords.weak(r.epsilonDataIndependent()))
        .map(r -> Integer.toString(r.point())).toList();
    if (weak.isEmpty()) {
      return "";
    }
    double largest = rows.stream().mapToDouble(StudyRow::epsilonDataIndependent).max()
        .orElseThrow();
    return String.format(Locale.ROOT, " WEAK guarantee at %d of %d points (epsilon above %s:"
        + " point %s): up to epsilon %s, one record may make any outcome up to %s times more"
        + " likely, which rules out little; do not call these points differentially private"
        + " without their epsilon (see %s).", weak.size(), rows.size(),
        NumberText.of(PrivacyInWords.WEAK_EPSILON), String.join(", ", weak), PrivacyInWords.digits(largest),
        PrivacyInWords.factor(largest), PrivacyInWords.PAGE);
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
