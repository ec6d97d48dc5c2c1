package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The epsilon-vs-queries legend: every entry says what it is and looks unlike the others. */
class StudyPlotsTest {
  private static final StudyRow ANY = new StudyRow(1, "points/001", Map.of(), 1, 10, 0.9,
      "lnmax", "gamma", 0.1, 3, 3, null, null, 1e-5, "improved", "seeded", 1, 8, 1, 8,
      new StudyRow.Published(1, StudyRow.GUARANTEE, 1e-5, 8, "improved"), null, null,
      "trained", new StudyRow.Seconds(0, 0, 0, 0, 0));

  private static EpsilonCurve curve(int teachers, String noise, double perAnswer,
      double dependentPerAnswer) {
    double[] answered = {0, 1, 2, 3};
    return new EpsilonCurve(teachers + " teachers, " + noise, noise, answered,
        Arrays.stream(answered).map(a -> a * dependentPerAnswer).toArray(),
        Arrays.stream(answered).map(a -> a * perAnswer).toArray());
  }

  /**
   * Three teacher counts at three noise settings (LNMax: the guarantee depends on the noise
   * alone): three guarantee lines, named by their noise, each in its own style; nine
   * data-dependent lines, one of which equals its guarantee and must not vanish under it.
   */
  @Test
  void everyLegendEntryIsNamedAndDrawnApart() {
    List<EpsilonCurve> curves = new ArrayList<>();
    double[] costs = {0.5, 1, 2};
    for (int n = 0; n < 3; n++) {
      String noise = "gamma " + (n + 1);
      for (int teachers : new int[] {10, 50, 100}) {
        curves.add(curve(teachers, noise, costs[n], teachers == 10 ? costs[n] : costs[n] / 4));
      }
    }
    XYChart chart = StudyPlots.epsilon(curves, ANY);
    List<XYSeries> series = new ArrayList<>(chart.getSeriesMap().values());
    List<String> guarantees = series.stream().map(XYSeries::getName)
        .filter(s -> s.startsWith("guarantee, ")).toList();
    assertEquals(List.of("guarantee, gamma 1", "guarantee, gamma 2", "guarantee, gamma 3"),
        guarantees);
    assertEquals(12, series.size());
    assertTrue(series.stream().skip(3)
        .allMatch(s -> s.getName().startsWith("data-dependent, ")), "names " + series);
    Set<String> looks = new HashSet<>();
    for (XYSeries s : series) {
      BasicStroke stroke = s.getLineStyle();
      assertTrue(looks.add(Arrays.toString(stroke.getDashArray()) + stroke.getLineWidth() + " "
          + s.getLineColor()), s.getName() + " looks like another entry");
    }
    // Drawn in order: the guarantees first and wider, so a line equal to one stays visible.
    float widest = series.stream().skip(3).map(s -> s.getLineStyle().getLineWidth())
        .max(Float::compare).orElseThrow();
    assertTrue(series.stream().limit(3).allMatch(s -> s.getLineStyle().getLineWidth() > widest));
  }

  /** Confident-GNMax: abstentions make each point's guarantee its own, named by the point. */
  @Test
  void guaranteesThatDifferWithinANoiseSettingAreNamedByTheirPoint() {
    XYChart chart = StudyPlots.epsilon(List.of(curve(10, "sigma2 40", 1, 0.5),
        curve(50, "sigma2 40", 2, 0.5)), ANY);
    assertEquals(List.of("guarantee, 10 teachers, sigma2 40", "guarantee, 50 teachers, sigma2 40",
        "data-dependent, 10 teachers, sigma2 40", "data-dependent, 50 teachers, sigma2 40"),
        new ArrayList<>(chart.getSeriesMap().keySet()));
  }
}
