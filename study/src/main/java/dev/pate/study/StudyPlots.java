package dev.pate.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import dev.pate.config.Anchor;
import dev.pate.config.AnchorKind;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The study's plots as PNG images (XChart, drawn off-screen: {@code java.awt.headless} is set, so
 * no display is needed):
 *
 * <ul>
 *   <li>{@value #LABEL_ACCURACY}: label accuracy of the noisy aggregation against the noise
 *       parameter, one line per teacher count (the PATE 2017 figure: more teachers tolerate more
 *       noise); error bars are the standard deviation over repeats.
 *   <li>{@value #EPSILON}: epsilon against queries answered, replayed from each point's ledger;
 *       the guarantee (data-independent) dashed and wide, one line per distinct curve, each in
 *       its own dash pattern; the data-dependent epsilon of each point solid, on top.
 *   <li>{@value #FRONTIER}: student accuracy against the epsilon a user may publish (the
 *       guarantee, or the released data-dependent epsilon): every setting at its validation
 *       accuracy, the frontier chosen on it ({@code ParetoFrontier}) as a line at the chosen
 *       settings' held-out accuracy, and the study's anchors (published results) as labelled
 *       black markers, one shape per kind of epsilon; only when students were trained. Without a
 *       validation split nothing is chosen: every point is drawn at its held-out accuracy.
 * </ul>
 */
public final class StudyPlots {
  public static final String LABEL_ACCURACY = "label-accuracy.png";
  public static final String EPSILON = "epsilon-vs-queries.png";
  public static final String FRONTIER = "student-vs-epsilon.png";

  private static final int WIDTH = 1000;
  private static final int HEIGHT = 600;
  /** Distinct, dark enough on white: Tableau 10, then the darker halves of Tableau 20. */
  static final Color[] PALETTE = {
    new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
    new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
    new Color(0xbcbd22), new Color(0x17becf), new Color(0x393b79), new Color(0x637939),
    new Color(0x8c6d31), new Color(0x843c39), new Color(0x7b4173), new Color(0x3182bd)};

  static final BasicStroke SOLID = new BasicStroke(1.5f);
  /**
   * The guarantees' lines: wider than the data-dependent ones, each its own dash pattern (then
   * its own shade), so that no two legend entries look alike.
   */
  private static final BasicStroke[] GUARANTEE_STROKES = {
    dashes(8f, 4f), dashes(2f, 3f), dashes(10f, 3f, 2f, 3f), dashes(16f, 5f),
    dashes(10f, 3f, 2f, 3f, 2f, 3f)};
  private static final Color[] GUARANTEE_COLOURS = {
    Color.BLACK, new Color(0x666666), new Color(0xaaaaaa)};

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private StudyPlots() {}

  /**
   * Each plot's file name and PNG bytes, in the order above; no frontier without students, no
   * label accuracy without true labels for the queries.
   */
  static Map<String, byte[]> render(List<StudyRow> rows, List<EpsilonCurve> curves,
      ParetoFrontier frontier, List<Anchor> anchors) {
    Map<String, byte[]> plots = new LinkedHashMap<>();
    List<StudyRow> measured = rows.stream().filter(r -> r.labelAccuracy() != null).toList();
    if (!measured.isEmpty()) { // an unlabelled query pool gives nothing to measure labels by
      plots.put(LABEL_ACCURACY, png(labelAccuracy(measured)));
    }
    if (!rows.isEmpty()) { // every point refused by the data set's budget: nothing to plot
      plots.put(EPSILON, png(epsilon(curves, rows.get(0))));
    }
    if (rows.stream().anyMatch(r -> r.studentAccuracy() != null)) {
      plots.put(FRONTIER, png(frontier(rows, frontier, anchors)));
    }
    return plots;
  }

  static XYChart labelAccuracy(List<StudyRow> rows) {
    boolean mixed = rows.stream().map(StudyRow::mechanism).distinct().count() > 1;
    String parameters = rows.stream().map(StudyRow::noiseParameter).distinct()
        .collect(Collectors.joining(" / "));
    XYChart chart = chart("Noisy label accuracy vs " + parameters,
        parameters + (mixed ? " (per mechanism)" : "") + "; one line per teacher count",
        "label accuracy of answered queries");
    Map<String, List<StudyRow>> series = new TreeMap<>();
    rows.stream().sorted((a, b) -> Integer.compare(a.teachers(), b.teachers()))
        .forEach(r -> series.computeIfAbsent(String.format(Locale.ROOT, "%05d %s", r.teachers(),
            r.series(mixed)), k -> new ArrayList<>()).add(r));
    boolean repeats = rows.stream()
        .collect(Collectors.groupingBy(r -> r.series(mixed) + "@" + r.noiseValue(),
            Collectors.counting()))
        .values().stream().anyMatch(n -> n > 1);
    List<Double> xs = new ArrayList<>();
    for (List<StudyRow> group : series.values()) {
      Map<Double, List<Double>> byNoise = new TreeMap<>();
      group.forEach(r -> byNoise.computeIfAbsent(r.noiseValue(), k -> new ArrayList<>())
          .add(r.labelAccuracy()));
      double[] x = byNoise.keySet().stream().mapToDouble(Double::doubleValue).toArray();
      double[] mean = byNoise.values().stream().mapToDouble(StudyPlots::mean).toArray();
      double[] deviation = byNoise.values().stream().mapToDouble(StudyPlots::deviation).toArray();
      XYSeries line = repeats
          ? chart.addSeries(group.get(0).series(mixed), x, mean, deviation)
          : chart.addSeries(group.get(0).series(mixed), x, mean);
      line.setMarker(SeriesMarkers.CIRCLE);
      byNoise.keySet().forEach(xs::add);
    }
    logScaleIfWide(chart, xs);
    return chart;
  }

  static XYChart epsilon(List<EpsilonCurve> curves, StudyRow any) {
    XYChart chart = chart("Epsilon vs queries answered: guarantee (dashed), data-dependent"
        + " (solid)", "queries answered", epsilonAxis(any));
    // Epsilons span decades (a little noise costs 100x a lot): then a log axis, which leaves out
    // the epsilons of 0 (the origin, and data-dependent bounds that are 0 for the first answers).
    double min = curves.stream().flatMapToDouble(c -> Arrays.stream(c.dataDependent()))
        .filter(e -> e > 0).min().orElse(1);
    double max = curves.stream().flatMapToDouble(c -> Arrays.stream(c.dataIndependent()))
        .max().orElse(1);
    boolean log = max / min >= 20;
    chart.getStyler().setYAxisLogarithmic(log);
    // The guarantees first, wide: a data-dependent line that meets its guarantee (little noise,
    // or a bound capped by it) is then drawn on top of it, not hidden under it.
    List<Guarantee> guarantees = guarantees(curves);
    for (int g = 0; g < guarantees.size(); g++) {
      EpsilonCurve curve = guarantees.get(g).curve();
      double[][] xy = drawable(curve.answered(), curve.dataIndependent(), log);
      XYSeries line = chart.addSeries(guarantees.get(g).name(), xy[0], xy[1]);
      line.setMarker(SeriesMarkers.NONE);
      line.setLineStyle(GUARANTEE_STROKES[g % GUARANTEE_STROKES.length]);
      line.setLineColor(GUARANTEE_COLOURS[(g / GUARANTEE_STROKES.length)
          % GUARANTEE_COLOURS.length]);
    }
    Set<String> names = new HashSet<>();
    for (EpsilonCurve curve : curves) {
      double[][] xy = drawable(curve.answered(), curve.dataDependent(), log);
      if (xy[0].length == 0) {
        continue; // nothing to draw
      }
      String name = "data-dependent, " + curve.label();
      for (int n = 2; !names.add(name); n++) {
        name = "data-dependent, " + curve.label() + " (" + n + ")";
      }
      XYSeries line = chart.addSeries(name, xy[0], xy[1]);
      line.setMarker(SeriesMarkers.NONE);
      line.setLineStyle(SOLID);
      line.setLineColor(PALETTE[(names.size() - 1) % PALETTE.length]);
    }
    return chart;
  }

  /** A guarantee line to draw and its legend entry. */
  private record Guarantee(String name, EpsilonCurve curve) {}

  /**
   * One guarantee line per distinct curve: with LNMax and GNMax every answer costs the same, so
   * all teacher counts of one noise setting share one line (named by the noise); with
   * Confident-GNMax the abstentions differ, and so do the lines (then named by the point).
   */
  private static List<Guarantee> guarantees(List<EpsilonCurve> curves) {
    Map<String, List<EpsilonCurve>> byNoise = new LinkedHashMap<>();
    for (EpsilonCurve curve : curves) {
      List<EpsilonCurve> kept = byNoise.computeIfAbsent(curve.noise(), k -> new ArrayList<>());
      if (kept.stream().noneMatch(k -> Arrays.equals(k.answered(), curve.answered())
          && Arrays.equals(k.dataIndependent(), curve.dataIndependent()))) {
        kept.add(curve);
      }
    }
    List<Guarantee> guarantees = new ArrayList<>();
    byNoise.forEach((noise, kept) -> kept.forEach(c -> guarantees.add(new Guarantee(
        "guarantee, " + (kept.size() == 1 ? noise : c.label()), c))));
    return guarantees;
  }

  static XYChart frontier(List<StudyRow> rows, ParetoFrontier frontier, List<Anchor> anchors) {
    List<StudyRow> trained = rows.stream().filter(r -> r.studentAccuracy() != null).toList();
    StudyRow any = trained.get(0);
    XYChart chart = chart(frontier.isEmpty()
        ? "Student accuracy vs published epsilon (no validation split: nothing chosen)"
        : "Student accuracy vs published epsilon; frontier chosen on the validation split",
        String.format(Locale.ROOT, "published epsilon, delta %.0e (anchors: their own)",
            any.delta()),
        "student accuracy");
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    if (frontier.isEmpty()) {
      XYSeries points = chart.addSeries("held-out accuracy, every point",
          trained.stream().mapToDouble(r -> r.published().epsilon()).toArray(),
          trained.stream().mapToDouble(StudyRow::studentAccuracy).toArray());
      points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      points.setMarkerColor(PALETTE[0]);
      trained.forEach(r -> {
        xs.add(r.published().epsilon());
        ys.add(r.studentAccuracy());
      });
    } else {
      List<ParetoFrontier.Setting> settings = frontier.settings();
      XYSeries all = chart.addSeries("validation accuracy, every setting",
          settings.stream().mapToDouble(ParetoFrontier.Setting::epsilon).toArray(),
          settings.stream().mapToDouble(ParetoFrontier.Setting::validation).toArray());
      all.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      all.setMarker(SeriesMarkers.CIRCLE);
      all.setMarkerColor(new Color(0x9ecae1));
      List<ParetoFrontier.Setting> chosen = frontier.frontier();
      XYSeries line = chart.addSeries("frontier: held-out accuracy of the chosen settings",
          chosen.stream().mapToDouble(ParetoFrontier.Setting::epsilon).toArray(),
          chosen.stream().mapToDouble(ParetoFrontier.Setting::heldOutMean).toArray());
      line.setMarker(SeriesMarkers.CIRCLE);
      line.setLineColor(PALETTE[0]);
      line.setMarkerColor(PALETTE[0]);
      line.setLineStyle(SOLID);
      settings.forEach(st -> {
        xs.add(st.epsilon());
        ys.add(st.validation());
      });
      chosen.forEach(st -> ys.add(st.heldOutMean()));
    }
    addAnchors(chart, anchors, xs, ys);
    logScaleIfWide(chart, xs);
    // A planned guarantee sits just under its budget (0.9999887 for 1.0): a tick labelled with
    // every digit says less than the budget it stands for.
    chart.getStyler().setXAxisDecimalPattern(EPSILON_TICKS);
    return chart;
  }

  /** The frontier's epsilon ticks: at most three decimals. */
  static final String EPSILON_TICKS = "0.###";

  /** Marker shape and legend name of each kind of published epsilon, so none passes for another. */
  private static final Map<AnchorKind, org.knowm.xchart.style.markers.Marker> ANCHOR_MARKERS =
      Map.of(AnchorKind.GUARANTEE, SeriesMarkers.DIAMOND,
          AnchorKind.DATA_DEPENDENT, SeriesMarkers.TRIANGLE_UP,
          AnchorKind.RELEASED, SeriesMarkers.SQUARE,
          AnchorKind.WITH_SUBSAMPLING, SeriesMarkers.TRIANGLE_DOWN);

  /** The legend entry of anchors of {@code kind}. */
  static String anchorSeries(AnchorKind kind) {
    return "anchors, " + switch (kind) {
      case GUARANTEE -> "guarantee";
      case DATA_DEPENDENT -> "data-dependent (not itself private)";
      case RELEASED -> "released data-dependent";
      case WITH_SUBSAMPLING -> "with subsampling";
    };
  }

  /**
   * The anchors: black, one series (marker shape) per kind of epsilon, each point labelled with
   * its anchor's label just above it.
   */
  private static void addAnchors(XYChart chart, List<Anchor> anchors, List<Double> xs,
      List<Double> ys) {
    anchors.forEach(a -> {
      xs.add(a.epsilon());
      ys.add(a.accuracy());
    });
    double low = ys.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double high = ys.stream().mapToDouble(Double::doubleValue).max().orElse(1);
    double lift = Math.max(high - low, 0.01) * 0.03;
    for (AnchorKind kind : AnchorKind.values()) {
      List<Anchor> ofKind = anchors.stream().filter(a -> a.kind() == kind).toList();
      if (ofKind.isEmpty()) {
        continue;
      }
      XYSeries series = chart.addSeries(anchorSeries(kind),
          ofKind.stream().mapToDouble(Anchor::epsilon).toArray(),
          ofKind.stream().mapToDouble(Anchor::accuracy).toArray());
      series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      series.setMarker(ANCHOR_MARKERS.get(kind));
      series.setMarkerColor(Color.BLACK);
      for (Anchor a : ofKind) {
        chart.addAnnotation(new AnnotationText(a.label(), a.epsilon(), a.accuracy() + lift,
            false));
      }
    }
    chart.getStyler().setAnnotationTextFontColor(Color.BLACK);
    chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
  }

  /** The points to draw: all of them, or on a log axis those with y > 0. */
  private static double[][] drawable(double[] x, double[] y, boolean log) {
    int[] keep = IntStream.range(0, y.length).filter(i -> !log || y[i] > 0).toArray();
    return new double[][] {Arrays.stream(keep).mapToDouble(i -> x[i]).toArray(),
        Arrays.stream(keep).mapToDouble(i -> y[i]).toArray()};
  }

  static BasicStroke dashes(float... pattern) {
    return new BasicStroke(3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, pattern, 0f);
  }

  private static String epsilonAxis(StudyRow any) {
    return String.format(Locale.ROOT, "epsilon at delta %.0e (%s conversion)", any.delta(),
        any.conversion());
  }

  static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setChartTitleBoxVisible(false);
    chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    return chart;
  }

  /** Noise and epsilon values often span decades; a log axis keeps the small ones readable. */
  static void logScaleIfWide(XYChart chart, List<Double> xs) {
    double min = xs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = xs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (min > 0 && max / min >= 20) {
      chart.getStyler().setXAxisLogarithmic(true);
    }
  }

  static byte[] png(XYChart chart) {
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot draw " + chart.getTitle(), e);
    }
  }

  static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static double deviation(List<Double> values) {
    if (values.size() < 2) {
      return 0;
    }
    double mean = mean(values);
    double sum = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    return Math.sqrt(sum / (values.size() - 1));
  }
}
