package dev.pate.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots of a multi-label study, as PNG images: the student's micro-F1 ({@value #MICRO_F1})
 * and label-set accuracy ({@value #LABEL_SET}) on the held-out canvases against the guarantee
 * epsilon, one series per mechanism (and per other swept setting): the mean over a setting's
 * repeats (seeds, noise draws) solid, their worst dashed; a repeated setting stands at the
 * largest epsilon of its repeats, as the claim must hold for each. The non-private ceiling, when
 * the runs trained one, is a grey horizontal line: it is a private figure, what giving up privacy
 * would buy, never a result of the study's mechanisms.
 */
final class MultiLabelPlots {
  static final String MICRO_F1 = "student-micro-f1-vs-epsilon.png";
  static final String LABEL_SET = "student-label-set-accuracy-vs-epsilon.png";

  private static final BasicStroke WORST = StudyPlots.dashes(6f, 4f);
  private static final BasicStroke CEILING = StudyPlots.dashes(2f, 3f);

  private MultiLabelPlots() {}

  /** Each plot's file name and PNG bytes; none without a student. */
  static Map<String, byte[]> render(List<MultiLabelRow> rows) {
    Map<String, byte[]> plots = new LinkedHashMap<>();
    if (rows.stream().anyMatch(r -> r.student() != null)) {
      plots.put(MICRO_F1, StudyPlots.png(chart(rows, "micro-F1",
          MultiLabelRow.Scores::microF1)));
      plots.put(LABEL_SET, StudyPlots.png(chart(rows, "label-set accuracy",
          MultiLabelRow.Scores::labelSetAccuracy)));
    }
    return plots;
  }

  /** A setting's repeats at one point of a series: the largest epsilon, the mean and worst. */
  record Setting(double epsilon, double mean, double worst, int repeats) {}

  /**
   * The chart of the student's {@code score} against the guarantee, one series per {@link
   * MultiLabelRow#series}, then the ceiling.
   */
  static XYChart chart(List<MultiLabelRow> rows, String name,
      ToDoubleFunction<MultiLabelRow.Scores> score) {
    List<MultiLabelRow> trained = rows.stream().filter(r -> r.student() != null).toList();
    MultiLabelRow.Privacy any = trained.get(0).privacy();
    Map<String, List<Setting>> series = series(trained, score);
    boolean repeated = series.values().stream().flatMap(List::stream)
        .anyMatch(s -> s.repeats() > 1);
    // The legend names each series' mean or worst; a longer title is cut off at the plot's width.
    XYChart chart = StudyPlots.chart("Student " + name + " on held-out canvases vs the guarantee",
        String.format(Locale.ROOT, "guarantee epsilon at delta %.0e (%s conversion)",
            any.delta(), any.conversion()), "student " + name);
    List<Double> xs = new ArrayList<>();
    int colour = 0;
    for (Map.Entry<String, List<Setting>> e : series.entrySet()) {
      Color c = StudyPlots.PALETTE[colour++ % StudyPlots.PALETTE.length];
      List<Setting> points = e.getValue();
      double[] x = points.stream().mapToDouble(Setting::epsilon).toArray();
      XYSeries mean = chart.addSeries(e.getKey() + (repeated ? ", mean" : ""), x,
          points.stream().mapToDouble(Setting::mean).toArray());
      mean.setMarker(SeriesMarkers.CIRCLE);
      mean.setLineColor(c);
      mean.setMarkerColor(c);
      mean.setLineStyle(StudyPlots.SOLID);
      if (repeated) {
        XYSeries worst = chart.addSeries(e.getKey() + ", worst", x,
            points.stream().mapToDouble(Setting::worst).toArray());
        worst.setMarker(SeriesMarkers.NONE);
        worst.setLineColor(c);
        worst.setLineStyle(WORST);
      }
      points.forEach(p -> xs.add(p.epsilon()));
    }
    addCeiling(chart, rows, score, xs);
    StudyPlots.logScaleIfWide(chart, xs);
    return chart;
  }

  /**
   * Each series' settings, by increasing epsilon: the rows of one setting (the same swept values
   * but the seed) taken together.
   */
  static Map<String, List<Setting>> series(List<MultiLabelRow> rows,
      ToDoubleFunction<MultiLabelRow.Scores> score) {
    Map<String, Map<String, List<MultiLabelRow>>> bySeries = new LinkedHashMap<>();
    for (MultiLabelRow r : rows) {
      bySeries.computeIfAbsent(r.series(), k -> new LinkedHashMap<>())
          .computeIfAbsent(setting(r), k -> new ArrayList<>()).add(r);
    }
    Map<String, List<Setting>> series = new LinkedHashMap<>();
    bySeries.forEach((name, settings) -> series.put(name, settings.values().stream()
        .map(repeats -> new Setting(
            repeats.stream().mapToDouble(r -> r.privacy().published().epsilon()).max()
                .orElseThrow(),
            repeats.stream().mapToDouble(r -> score.applyAsDouble(r.student())).average()
                .orElseThrow(),
            repeats.stream().mapToDouble(r -> score.applyAsDouble(r.student())).min()
                .orElseThrow(),
            repeats.size()))
        .sorted(Comparator.comparingDouble(Setting::epsilon)).toList()));
    return series;
  }

  /** The legend entry of the ceiling line, for the rows that report one; empty without. */
  static String ceilingSeries(List<MultiLabelRow> rows, ToDoubleFunction<MultiLabelRow.Scores>
      score) {
    List<Double> values = rows.stream().filter(r -> r.ceiling() != null)
        .map(r -> score.applyAsDouble(r.ceiling())).toList();
    if (values.isEmpty()) {
      return "";
    }
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return String.format(Locale.ROOT, "non-private ceiling (NOT private), mean of %d run%s%s",
        values.size(), values.size() == 1 ? "" : "s", min == max ? ""
            : String.format(Locale.ROOT, " (%.3f to %.3f)", min, max));
  }

  private static void addCeiling(XYChart chart, List<MultiLabelRow> rows,
      ToDoubleFunction<MultiLabelRow.Scores> score, List<Double> xs) {
    String legend = ceilingSeries(rows, score);
    if (legend.isEmpty()) {
      return;
    }
    double level = StudyPlots.mean(rows.stream().filter(r -> r.ceiling() != null)
        .map(r -> score.applyAsDouble(r.ceiling())).collect(Collectors.toList()));
    double low = xs.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double high = xs.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    XYSeries line = chart.addSeries(legend, new double[] {low, high},
        new double[] {level, level});
    line.setMarker(SeriesMarkers.NONE);
    line.setLineColor(Color.GRAY);
    line.setLineStyle(CEILING);
  }

  /** The row's swept values but the seed: its repeats share it. */
  private static String setting(MultiLabelRow row) {
    return row.coordinates().entrySet().stream().filter(e -> !e.getKey().equals("seed"))
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
  }
}
