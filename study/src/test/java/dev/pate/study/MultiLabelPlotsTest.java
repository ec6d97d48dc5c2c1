package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * A multi-label study's rows and plots: a setting's repeats drawn at their mean and worst, at the
 * largest epsilon of the repeats, one series per mechanism; the ceiling line only when the runs
 * report one; a report of another shape is an error naming the missing field.
 */
class MultiLabelPlotsTest {

  private static MultiLabelRow row(int point, String mechanism, double epsilon, long seed,
      double studentMicroF1, Double ceiling) {
    Map<String, String> coordinates = new LinkedHashMap<>();
    coordinates.put("multi_label.mechanism", mechanism);
    coordinates.put("privacy.budget.epsilon", Double.toString(Math.rint(epsilon)));
    coordinates.put("seed", Long.toString(seed));
    return new MultiLabelRow(point, "points/" + point, coordinates, seed, 50, 0.4, mechanism, 30,
        null, 0.5, "auto", 100, 100, 100, new MultiLabelRow.Scores(0.3, 0.3, 0.01),
        new MultiLabelRow.Scores(0.5, 0.5, 0.1),
        new MultiLabelRow.Privacy(1e-5, "improved", "seeded", epsilon, 10, epsilon, 10,
            new StudyRow.Published(epsilon, StudyRow.GUARANTEE, 1e-5, 10, "improved")),
        new MultiLabelRow.Scores(studentMicroF1, studentMicroF1 / 2, studentMicroF1 / 4),
        ceiling == null ? null : new MultiLabelRow.Scores(ceiling, ceiling, ceiling / 2),
        new StudyRow.Seconds(1, 1, 1, 1, 4));
  }

  private static final List<MultiLabelRow> ROWS = List.of(
      row(1, "binary-voting", 0.999, 1, 0.30, 0.8),
      row(2, "binary-voting", 1.000, 2, 0.20, 0.7),
      row(3, "binary-voting", 2.000, 1, 0.40, 0.8),
      row(4, "binary-voting", 1.998, 2, 0.50, 0.7),
      row(5, "powerset-voting", 1.000, 1, 0.35, 0.8),
      row(6, "powerset-voting", 1.000, 2, 0.45, 0.7));

  @Test
  void repeatsAreDrawnAtTheirMeanAndWorstAtTheirLargestEpsilon() {
    XYChart chart = MultiLabelPlots.chart(ROWS, "micro-F1", MultiLabelRow.Scores::microF1);
    Map<String, XYSeries> series = chart.getSeriesMap();
    XYSeries mean = series.get("binary-voting, mean");
    assertArrayEquals(new double[] {1.000, 2.000}, mean.getXData(), 1e-12);
    assertArrayEquals(new double[] {0.25, 0.45}, mean.getYData(), 1e-12);
    assertArrayEquals(new double[] {0.20, 0.40},
        series.get("binary-voting, worst").getYData(), 1e-12);
    assertArrayEquals(new double[] {0.40}, series.get("powerset-voting, mean").getYData(), 1e-12);
    assertArrayEquals(new double[] {0.35}, series.get("powerset-voting, worst").getYData(),
        1e-12);
  }

  @Test
  void theCeilingIsAHorizontalLineOnlyWhenTheRunsReportOne() {
    String ceiling = MultiLabelPlots.ceilingSeries(ROWS, MultiLabelRow.Scores::microF1);
    assertTrue(ceiling.contains("NOT private"), ceiling);
    assertTrue(ceiling.contains("6 runs (0.700 to 0.800)"), ceiling);
    XYSeries line = MultiLabelPlots.chart(ROWS, "micro-F1", MultiLabelRow.Scores::microF1)
        .getSeriesMap().get(ceiling);
    assertArrayEquals(new double[] {0.75, 0.75}, line.getYData(), 1e-12);
    assertArrayEquals(new double[] {1.0, 2.0}, line.getXData(), 1e-12);

    List<MultiLabelRow> without = List.of(row(1, "tau-voting", 1, 1, 0.3, null),
        row(2, "tau-voting", 2, 1, 0.4, null));
    XYChart chart = MultiLabelPlots.chart(without, "micro-F1", MultiLabelRow.Scores::microF1);
    assertEquals(List.of("tau-voting"), List.copyOf(chart.getSeriesMap().keySet()),
        "one series, no repeats, no ceiling");
  }

  @Test
  void aRowIsReadFromAReportAndAMissingFieldIsNamed() throws Exception {
    JsonNode report = Json.mapper().readTree("""
        {"seed": 4,
         "teachers": {"count": 50, "private": {"mean_held_out_micro_f1": 0.41}},
         "aggregation": {"mechanism": "tau-voting", "noise": "auto",
           "parameters": {"labels": 10, "tau": 1.5, "sigma": 64.5, "threshold": 0.5},
           "queries": 200, "queries_asked": 200, "queries_answered": 200,
           "answers": {"micro_f1": 0.33, "macro_f1": 0.31, "label_set_accuracy": 0.01},
           "private": {"noiseless_vote": {"micro_f1": 0.5, "macro_f1": 0.4,
             "label_set_accuracy": 0.1}}},
         "privacy": {"delta": 1e-5, "conversion": "improved", "randomness": "secure",
           "epsilon_data_independent": 2.0, "order_data_independent": 10,
           "private": {"epsilon_data_dependent": 2.0, "order": 10}},
         "student": {"held_out": {"micro_f1": 0.32, "macro_f1": 0.3,
           "label_set_accuracy": 0.003}},
         "private": {"timings": {"teachers_seconds": 10, "votes_seconds": 1,
           "labelling_seconds": 0.5, "student_seconds": 3, "total_seconds": 15}}}
        """);
    MultiLabelRow row = MultiLabelRow.of(1, "points/a", Map.of(), report);
    assertEquals(1.5, row.tau());
    assertEquals(64.5, row.sigma());
    assertEquals(0.32, row.student().microF1());
    assertEquals(new StudyRow.Published(2.0, StudyRow.GUARANTEE, 1e-5, 10, "improved"),
        row.privacy().published());
    assertNull(row.ceiling(), "no ceiling in the report");

    ((ObjectNode) report.at("/private")).set("non_private_ceiling", Json.mapper().readTree(
        "{\"held_out\": {\"micro_f1\": 0.9, \"macro_f1\": 0.88, \"label_set_accuracy\": 0.6}}"));
    assertEquals(new MultiLabelRow.Scores(0.9, 0.88, 0.6),
        MultiLabelRow.of(1, "points/a", Map.of(), report).ceiling());

    ((ObjectNode) report.at("/student/held_out")).remove("macro_f1");
    Executable read = () -> MultiLabelRow.of(1, "points/a", Map.of(), report);
    UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class, read);
    assertTrue(e.getMessage().contains("points/a/report.json: no /student/held_out/macro_f1"),
        e.getMessage());
    assertFalse(MultiLabelPlots.render(List.of()).containsKey(MultiLabelPlots.MICRO_F1));
  }
}
