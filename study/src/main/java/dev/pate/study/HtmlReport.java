package dev.pate.study;

import dev.pate.pipeline.output.NumberText;
import dev.pate.config.Anchor;
import dev.pate.config.Frontier;
import dev.pate.pipeline.report.PrivacyInWords;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * report.html: the study in one self-contained page (the plots are embedded as data URIs), so it
 * opens in any browser from the file system, without a server, and can be sent on as one file.
 */
public final class HtmlReport {
  private HtmlReport() {}

  /** A study without a frontier section, anchors or best settings. */
  static String of(String title, List<String> facts, List<StudyRow> rows,
      List<String> sweptKeys, Map<String, byte[]> plots) {
    return of(title, facts, rows, sweptKeys, plots, ParetoFrontier.of(rows), Frontier.NONE,
        Map.of());
  }

  /**
   * @param title the study's name
   * @param facts lines about the study (grid, repeats, where things are), shown as a list
   * @param plots file name to PNG bytes, in display order
   * @param frontier the settings chosen on the validation split
   * @param aims the study's epsilon targets and anchors
   * @param bestFiles each target's ready-to-run file, by target (none for a target no setting
   *     meets)
   */
  static String of(String title, List<String> facts, List<StudyRow> rows,
      List<String> sweptKeys, Map<String, byte[]> plots, ParetoFrontier frontier,
      Frontier aims, Map<Double, String> bestFiles) {
    StringBuilder html = head(title, facts);
    if (!rows.isEmpty()) {
      StudyRow first = rows.get(0);
      html.append("<p>").append(escape(String.format(Locale.ROOT, "Every epsilon is at delta %s"
          + " with the %s conversion. The data-independent epsilon holds whatever the votes; the"
          + " data-dependent one is smaller but a function of the private votes, so it is not"
          + " itself private (publish it only through smooth sensitivity). The published epsilon"
          + " of a point is the one a user may publish: its smooth-sensitivity release if it made"
          + " one, else its guarantee.", first.delta(),
          first.conversion())));
      seededAndWeak(html, rows.stream().anyMatch(r -> r.randomness().equals("seeded")),
          guarantees(rows, StudyRow::point, StudyRow::epsilonDataIndependent));
      html.append("</p>\n");
    }
    plots(html, plots);
    if (rows.stream().allMatch(r -> r.studentAccuracy() == null)) {
      html.append("<p>No student was trained (student.train: false), so there is no"
          + " student-accuracy plot.</p>\n");
    } else {
      frontier(html, frontier, aims, bestFiles);
    }
    anchors(html, aims.anchors());
    return results(html, ResultsTable.cells(rows, sweptKeys));
  }

  /**
   * The page of a multi-label study: the student's micro-F1 and label-set accuracy against the
   * guarantee (with the non-private ceiling when the runs trained one), then the results.
   * Multi-label runs have no validation split, so no setting is chosen and no frontier drawn.
   */
  static String ofMultiLabel(String title, List<String> facts, List<MultiLabelRow> rows,
      List<String> sweptKeys, Map<String, byte[]> plots) {
    StringBuilder html = head(title, facts);
    if (!rows.isEmpty()) {
      MultiLabelRow.Privacy first = rows.get(0).privacy();
      html.append("<p>").append(escape(String.format(Locale.ROOT, "Every epsilon is at delta %s"
          + " with the %s conversion. The published epsilon of a point is its guarantee (the"
          + " data-independent epsilon, which holds whatever the votes; multi-label runs make no"
          + " smooth-sensitivity release). Scores are on the held-out canvases, never queried"
          + " and never trained on; a setting repeated over seeds is drawn at the mean and the"
          + " worst of its repeats.", first.delta(), first.conversion())));
      if (rows.stream().anyMatch(r -> r.ceiling() != null)) {
        html.append(escape(" The non-private ceiling (grey) is a student trained on the true"
            + " label sets: it is NOT private, a private figure for comparison only."));
      }
      seededAndWeak(html, rows.stream().anyMatch(r -> r.privacy().randomness().equals("seeded")),
          guarantees(rows, MultiLabelRow::point, r -> r.privacy().epsilonDataIndependent()));
      html.append("</p>\n");
    }
    plots(html, plots);
    if (rows.stream().allMatch(r -> r.student() == null)) {
      html.append("<p>No student was trained (student.train: false), so there is no"
          + " student plot.</p>\n");
    }
    return results(html, ResultsTable.multiLabelCells(rows, sweptKeys));
  }

  /** The page's head, title and list of facts. */
  private static StringBuilder head(String title, List<String> facts) {
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
    return html;
  }

  /** The warnings of seeded noise and of weak guarantees, inside the epsilon paragraph. */
  private static void seededAndWeak(StringBuilder html, boolean seeded,
      Map<Integer, Double> guarantees) {
    if (seeded) {
      html.append(" <strong>Noise was seeded (aggregator.randomness: seeded): reproducible for a"
          + " study, but no real privacy.</strong>");
    }
    html.append(escape(weakGuarantees(guarantees)));
  }

  /** Each point's guarantee, by point number in grid order. */
  private static <R> Map<Integer, Double> guarantees(List<R> rows, Function<R, Integer> point,
      ToDoubleFunction<R> guarantee) {
    Map<Integer, Double> byPoint = new LinkedHashMap<>();
    rows.forEach(r -> byPoint.put(point.apply(r), guarantee.applyAsDouble(r)));
    return byPoint;
  }

  private static void plots(StringBuilder html, Map<String, byte[]> plots) {
    for (Map.Entry<String, byte[]> plot : plots.entrySet()) {
      html.append("<h2>").append(escape(plot.getKey())).append("</h2>\n<img alt=\"")
          .append(escape(plot.getKey())).append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(plot.getValue())).append("\">\n");
    }
  }

  /** The results table (header row first) and the end of the page. */
  private static String results(StringBuilder html, List<List<String>> cells) {
    html.append("<h2>Results</h2>\n<p>Every column, in full precision:"
        + " <a href=\"results.csv\">results.csv</a>.</p>\n<table>\n");
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
   * The frontier's settings with their held-out accuracy, reported here once per chosen setting,
   * and the best file of each target.
   */
  private static void frontier(StringBuilder html, ParetoFrontier frontier, Frontier aims,
      Map<Double, String> bestFiles) {
    html.append("<h2>Frontier</h2>\n");
    if (frontier.isEmpty()) {
      html.append("<p>No validation split (dataset.validation: 0), so no setting is chosen:"
          + " choosing on the held-out examples would overstate the chosen setting's accuracy."
          + " Set dataset.validation to choose settings on public examples that are neither"
          + " queried nor trained on.</p>\n");
      return;
    }
    html.append("<p>").append(escape("Settings are compared by the student's accuracy on the"
        + " validation split of the public data (never queried, never trained on), against the"
        + " published epsilon; repeats count by their mean validation accuracy and their largest"
        + " epsilon. A setting is on the frontier when no other has a higher or equal validation"
        + " accuracy at a lower or equal published epsilon. The held-out accuracy is reported"
        + " here once per chosen setting; it chose nothing.")).append("</p>\n<table>\n")
        .append("<tr><th>setting</th><th>published epsilon</th><th>kind</th><th>repeats</th>"
            + "<th>validation acc (mean)</th><th>held-out acc (mean)</th>"
            + "<th>held-out acc (worst)</th><th>best for</th></tr>\n");
    for (ParetoFrontier.Setting s : frontier.frontier()) {
      List<String> files = bestFiles.entrySet().stream()
          .filter(e -> frontier.best(e.getKey()).map(b -> b.label().equals(s.label()))
              .orElse(false))
          .map(e -> "eps <= " + NumberText.of(e.getKey()) + ": " + e.getValue()).toList();
      html.append("<tr>");
      for (String cell : List.of(s.label(), ResultsTable.fixed(s.epsilon()), s.kind(),
          Integer.toString(s.repeats().size()), ResultsTable.fixed(s.validation()),
          ResultsTable.fixed(s.heldOutMean()), ResultsTable.fixed(s.heldOutWorst()),
          String.join("; ", files))) {
        html.append("<td>").append(escape(cell)).append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
    for (double target : aims.targets()) {
      if (!bestFiles.containsKey(target)) {
        html.append("<p>").append(escape("No setting has a published epsilon at or below "
            + NumberText.of(target) + ".")).append("</p>\n");
      }
    }
  }

  /** The published results the study is compared with, as the frontier plot draws them. */
  private static void anchors(StringBuilder html, List<Anchor> anchors) {
    if (anchors.isEmpty()) {
      return;
    }
    html.append("<h2>Anchors</h2>\n<p>Published results, drawn in black on the frontier plot,"
        + " one marker shape per kind of epsilon. Only a guarantee or a released epsilon may be"
        + " compared with this study's published epsilons as like with like.</p>\n<table>\n"
        + "<tr><th>anchor</th><th>accuracy</th><th>epsilon</th><th>kind</th><th>source</th>"
        + "</tr>\n");
    for (Anchor a : anchors) {
      html.append("<tr>");
      for (String cell : List.of(a.label(), NumberText.of(a.accuracy()),
          NumberText.of(a.epsilon()), a.kind().id(), a.source())) {
        html.append("<td>").append(escape(cell)).append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }

  /**
   * The points whose guarantee is weak (above epsilon 10), named, or nothing: a study that
   * plots them beside strong ones must not let them pass for private.
   */
  static String weakGuarantees(List<StudyRow> rows) {
    return weakGuarantees(guarantees(rows, StudyRow::point, StudyRow::epsilonDataIndependent));
  }

  /** As {@link #weakGuarantees(List)}, from each point's guarantee by point number. */
  private static String weakGuarantees(Map<Integer, Double> guarantees) {
    List<String> weak = guarantees.entrySet().stream()
        .filter(e -> PrivacyInWords.weak(e.getValue()))
        .map(e -> Integer.toString(e.getKey())).toList();
    if (weak.isEmpty()) {
      return "";
    }
    double largest = guarantees.values().stream().mapToDouble(Double::doubleValue).max()
        .orElseThrow();
    return String.format(Locale.ROOT, " WEAK guarantee at %d of %d points (epsilon above %s:"
        + " point %s): up to epsilon %s, one record may make any outcome up to %s times more"
        + " likely, which rules out little; do not call these points differentially private"
        + " without their epsilon (see %s).", weak.size(), guarantees.size(),
        NumberText.of(PrivacyInWords.WEAK_EPSILON), String.join(", ", weak), PrivacyInWords.digits(largest),
        PrivacyInWords.factor(largest), PrivacyInWords.PAGE);
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
