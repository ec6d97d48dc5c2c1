package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.Anchor;
import dev.pate.config.AnchorKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * The frontier is chosen on validation accuracy against the published epsilon, never on held-out
 * accuracy; repeats count by their mean validation accuracy and their largest epsilon.
 */
class ParetoFrontierTest {
  /** A point of setting {@code queries} (and {@code seed}) with these results. */
  private static StudyRow row(int point, int queries, int seed, double epsilon, String kind,
      Double validation, double heldOut) {
    Map<String, String> coordinates = new LinkedHashMap<>();
    coordinates.put("aggregator.queries", Integer.toString(queries));
    coordinates.put("seed", Integer.toString(seed));
    return new StudyRow(point, "points/" + point, coordinates, seed, 10, 0.9, "gnmax", "sigma",
        40, queries, queries, null, null, 1e-5, "improved", "secure", epsilon * 2, 8,
        epsilon / 2, 8, new StudyRow.Published(epsilon, kind, 1e-5, 8, "improved"), heldOut,
        validation, "trained", new StudyRow.Seconds(0, 0, 0, 0, 0));
  }

  @Test
  void aSettingIsOnTheFrontierUnlessAnotherHasHigherValidationAtNoMoreEpsilon() {
    List<StudyRow> rows = List.of(
        row(1, 100, 1, 0.5, StudyRow.GUARANTEE, 0.90, 0.99),  // on it: the cheapest
        row(2, 200, 1, 1.0, StudyRow.GUARANTEE, 0.95, 0.80),  // on it: better, dearer
        row(3, 300, 1, 1.5, StudyRow.GUARANTEE, 0.94, 0.999), // beaten by 200 (cheaper, better)
        row(4, 400, 1, 1.0, StudyRow.RELEASED, 0.95, 0.70));  // ties 200 exactly: both on it
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    assertEquals(List.of("aggregator.queries=100", "aggregator.queries=200",
        "aggregator.queries=400"), frontier.frontier().stream()
        .map(ParetoFrontier.Setting::label).toList());
    assertFalse(frontier.onFrontier(rows.get(2)), "its held-out accuracy chose nothing");
    assertEquals("aggregator.queries=100", frontier.best(0.7).orElseThrow().label());
    // a tie in validation accuracy and epsilon: the first in grid order
    assertEquals("aggregator.queries=200", frontier.best(1.2).orElseThrow().label());
    assertEquals(Optional.empty(), frontier.best(0.4));
  }

  /**
   * Two settings planned for one budget publish epsilons that differ in the sixth digit; the worse
   * one is not on the frontier for being a millionth cheaper (as in frontier-mnist: 200 queries
   * at 0.4999942, validation 0.787, beside 100 queries at 0.4999948, validation 0.973).
   */
  @Test
  void epsilonsPlannedForOneBudgetCountAsOne() {
    List<StudyRow> rows = List.of(
        row(1, 100, 1, 0.4999948, StudyRow.GUARANTEE, 0.973, 0.968),
        row(2, 200, 1, 0.4999942, StudyRow.GUARANTEE, 0.787, 0.760),
        row(3, 50, 1, 0.4990, StudyRow.GUARANTEE, 0.700, 0.700)); // 0.2% cheaper: a choice
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    assertTrue(frontier.onFrontier(rows.get(0)));
    assertFalse(frontier.onFrontier(rows.get(1)), "a millionth cheaper and far worse");
    assertTrue(frontier.onFrontier(rows.get(2)));
    // choosing for a target still compares exactly: the claim must hold
    assertEquals("aggregator.queries=50", frontier.best(0.4995).orElseThrow().label());
  }

  @Test
  void repeatsCountByMeanValidationAndTheirLargestEpsilon() {
    List<StudyRow> rows = List.of(
        row(1, 100, 1, 0.40, StudyRow.RELEASED, 0.90, 0.97),
        row(2, 100, 2, 0.60, StudyRow.RELEASED, 0.96, 0.95),
        row(3, 200, 1, 0.55, StudyRow.RELEASED, 0.92, 0.96));
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    ParetoFrontier.Setting repeated = frontier.settings().get(0);
    assertEquals(2, repeated.repeats().size());
    assertEquals(0.60, repeated.epsilon());
    assertEquals(0.93, repeated.validation(), 1e-12);
    assertEquals(0.96, repeated.heldOutMean(), 1e-12);
    assertEquals(0.95, repeated.heldOutWorst());
    // 200 at 0.55 with 0.92 vs 100 at 0.60 with 0.93: neither dominates.
    assertEquals(2, frontier.frontier().size());
    assertEquals("aggregator.queries=200", frontier.best(0.58).orElseThrow().label(),
        "the repeat at 0.40 does not let the setting claim 0.58");
  }

  @Test
  void withoutAValidationSplitNothingIsChosen() {
    ParetoFrontier frontier = ParetoFrontier.of(List.of(
        row(1, 100, 1, 0.5, StudyRow.GUARANTEE, null, 0.99)));
    assertTrue(frontier.isEmpty());
    assertEquals(Optional.empty(), frontier.best(10));
    assertTrue(ResultsCsv.of(List.of(row(1, 100, 1, 0.5, StudyRow.GUARANTEE, null, 0.99)),
        List.of("aggregator.queries", "seed"), frontier).strip().endsWith("points/1,"),
        "on_frontier is empty, not false");
  }

  /** Anchors are black, one marker shape per kind, apart from the study's own points. */
  @Test
  void anchorsAreDrawnApartFromTheStudysPoints() {
    List<StudyRow> rows = List.of(row(1, 100, 1, 0.5, StudyRow.GUARANTEE, 0.9, 0.95),
        row(2, 200, 1, 1.0, StudyRow.GUARANTEE, 0.95, 0.96));
    List<Anchor> anchors = List.of(
        new Anchor("PATE 2018", 0.985, 1.97, AnchorKind.DATA_DEPENDENT, "Table 2"),
        new Anchor("DP-SGD", 0.987, 3.0, AnchorKind.GUARANTEE, "Tramer and Boneh 2021"),
        new Anchor("Private-kNN", 0.988, 0.47, AnchorKind.WITH_SUBSAMPLING, "CVPR 2020"));
    XYChart chart = StudyPlots.frontier(rows, ParetoFrontier.of(rows), anchors);
    Map<String, XYSeries> series = chart.getSeriesMap();
    for (AnchorKind kind : List.of(AnchorKind.DATA_DEPENDENT, AnchorKind.GUARANTEE,
        AnchorKind.WITH_SUBSAMPLING)) {
      XYSeries s = series.get(StudyPlots.anchorSeries(kind));
      assertEquals(java.awt.Color.BLACK, s.getMarkerColor(), kind.id());
      assertEquals(XYSeries.XYSeriesRenderStyle.Scatter, s.getXYSeriesRenderStyle());
    }
    assertEquals(3, series.keySet().stream().filter(n -> n.startsWith("anchors, "))
        .map(n -> series.get(n).getMarker().getClass()).distinct().count(),
        "each kind its own marker shape");
    assertEquals(List.of(0.47), java.util.Arrays.stream(series.get(StudyPlots.anchorSeries(
        AnchorKind.WITH_SUBSAMPLING)).getXData()).boxed().toList());
    assertTrue(series.values().stream().filter(s -> !s.getName().startsWith("anchors, "))
        .noneMatch(s -> java.awt.Color.BLACK.equals(s.getMarkerColor())));
  }

  /** A guarantee planned for a budget of 1.0 (0.9999887) is ticked 1, not with every digit. */
  @Test
  void epsilonTicksShowAtMostThreeDecimals() {
    List<StudyRow> rows = List.of(row(1, 100, 1, 0.9999886531, StudyRow.GUARANTEE, 0.9, 0.95));
    XYChart chart = StudyPlots.frontier(rows, ParetoFrontier.of(rows), List.of());
    java.text.DecimalFormat ticks = new java.text.DecimalFormat(
        chart.getStyler().getXAxisDecimalPattern(),
        java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
    assertEquals("1", ticks.format(0.9999886531));
    assertEquals("0.25", ticks.format(0.25));
  }
}
