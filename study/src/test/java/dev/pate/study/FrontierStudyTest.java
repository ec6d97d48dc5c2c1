package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.config.Study;
import dev.pate.config.StudyLoader;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.output.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny frontier study end to end (3 MLP teachers on 600 MNIST images, a few seconds): every
 * point's published epsilon and its kind in results.csv, the validation split measured and kept
 * apart, the frontier chosen on it, the anchors in report.html, and the best setting of each
 * target written as a run config that loads.
 */
class FrontierStudyTest {
  static final String STUDY = """
      name: tiny-frontier
      seed: 3
      dataset:
        name: mnist
        private_limit: 600
        query_pool: 1000
        validation: 200
      teachers:
        count: 3
        workers: 1
        network:
          architecture: mlp
          dense: [16]
          epochs: 2
          learning_rate: 0.003
      aggregator:
        mechanism: gnmax
        sigma: 2
        queries: 40
        randomness: seeded
      student:
        network:
          architecture: mlp
          dense: [16]
          epochs: 3
          learning_rate: 0.003
      sweep:
        aggregator.queries: [20, 40]
        aggregator.sigma: [2, 4]
      frontier:
        targets: [1000, 0.001]
        anchors:
          - label: Paper A
            accuracy: 0.985
            epsilon: 1.97
            kind: data-dependent
            source: a paper, Table 2, delta 1e-5
          - label: Paper B
            accuracy: 0.966
            epsilon: 1.2
            kind: guarantee
            source: another paper, delta 1e-5
      """;

  @TempDir static Path dir;
  static Path folder;
  static List<CSVRecord> results;
  static List<StudyRow> rows;
  static Study study;

  @BeforeAll
  static void runTheStudy() throws IOException {
    study = StudyLoader.parse(STUDY, "tiny-frontier.yaml", List.of());
    StudyRunner runner = new StudyRunner(study, dir, null, PipelineListener.NONE);
    rows = ((StudyResults.SingleLabel) runner.run("tiny-frontier.yaml", List.of())).rows();
    folder = runner.folder().path();
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
    results = format.parse(new StringReader(Files.readString(folder.resolve("results.csv"))))
        .getRecords();
  }

  @Test
  void everyPointHasItsPublishedEpsilonAndItsKind() throws IOException {
    assertEquals(4, results.size());
    for (CSVRecord row : results) {
      JsonNode report = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("report.json").toFile());
      // No smooth-sensitivity release here: the guarantee is what may be published.
      assertEquals("guarantee", row.get("epsilon_published_kind"));
      assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_published")));
      assertEquals(report.at("/privacy/order_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_published_order")));
      assertEquals(report.at("/privacy/delta").asDouble(),
          Double.parseDouble(row.get("epsilon_published_delta")));
      assertEquals(report.at("/privacy/conversion").asText(),
          row.get("epsilon_published_conversion"));
      assertEquals(report.at("/privacy/private/epsilon_data_dependent").asDouble(),
          Double.parseDouble(row.get("epsilon_data_dependent_not_publishable")));
      assertFalse(row.isMapped("epsilon_data_dependent"), "only under its not-publishable name");
    }
  }

  @Test
  void theStudentIsMeasuredOnAValidationSplitApartFromPoolAndHeldOut() throws IOException {
    for (CSVRecord row : results) {
      JsonNode report = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("report.json").toFile());
      assertEquals(200, report.at("/dataset/validation").asInt());
      assertEquals(800, report.at("/dataset/query_pool").asInt(), "the pool gave up 200");
      assertEquals(report.at("/student/validation_accuracy").asDouble(),
          Double.parseDouble(row.get("student_validation_accuracy")));
      // What the study watches while a student trains is the validation split too: the last
      // epoch of the learning curve is the final validation accuracy (to one of its 200 images,
      // as the curve is read on the training engine).
      assertEquals("validation", report.at("/student/learning_curve_on").asText());
      JsonNode curve = report.at("/student/learning_curve");
      assertEquals(report.at("/student/validation_accuracy").asDouble(),
          curve.get(curve.size() - 1).get("accuracy").asDouble(), 1.0 / 200 + 1e-9);
    }
  }

  /** Settings are chosen on validation accuracy; the frontier is what no other setting beats. */
  @Test
  void theFrontierIsMarkedAndDominatesTheRest() {
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    assertEquals(4, frontier.settings().size());
    Set<String> marked = results.stream().filter(r -> r.get("on_frontier").equals("true"))
        .map(r -> r.get("point")).collect(Collectors.toSet());
    assertFalse(marked.isEmpty());
    for (ParetoFrontier.Setting s : frontier.settings()) {
      boolean dominated = frontier.settings().stream()
          .anyMatch(o -> ParetoFrontier.dominates(o, s));
      assertEquals(!dominated, marked.contains(Integer.toString(s.first().point())), s.label());
    }
  }

  @Test
  void theReportShowsTheAnchorsAndTheFrontierPlot() throws IOException {
    String html = Files.readString(folder.resolve("report.html"));
    assertTrue(html.contains("<h2>Anchors</h2>"), html);
    assertTrue(html.contains("<td>Paper A</td><td>0.985</td><td>1.97</td><td>data-dependent</td>"
        + "<td>a paper, Table 2, delta 1e-5</td>"), html);
    assertTrue(html.contains("<td>Paper B</td><td>0.966</td><td>1.2</td><td>guarantee</td>"),
        html);
    assertTrue(html.contains("<h2>Frontier</h2>"), html);
    String marker = "<h2>" + StudyPlots.FRONTIER + "</h2>\n<img alt=\"" + StudyPlots.FRONTIER
        + "\" src=\"data:image/png;base64,";
    int at = html.indexOf(marker);
    assertTrue(at >= 0, "the frontier plot is embedded");
    String base64 = html.substring(at + marker.length(), html.indexOf('"', at + marker.length()));
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(
        Base64.getDecoder().decode(base64)));
    assertNotNull(image);
    assertTrue(Files.exists(folder.resolve(StudyPlots.FRONTIER)));
  }

  /**
   * A target every setting meets gets the setting of best validation accuracy as a run config; a
   * target none meets gets no file, and the report says so.
   */
  @Test
  void theBestSettingOfEachTargetIsAReadyToRunConfig() throws IOException {
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    ParetoFrontier.Setting best = frontier.settings().stream()
        .max((a, b) -> Double.compare(a.validation(), b.validation())).orElseThrow();
    Path file = folder.resolve("best-eps-1000.0.yaml");
    String text = Files.readString(file);
    assertTrue(text.contains("#   setting: " + best.label() + "\n"), text);
    RunConfig config = ConfigLoader.load(file, List.of());
    assertEquals("tiny-frontier-best-eps-1000.0", config.name());
    RunConfig point = study.points().get(best.first().point() - 1).config();
    assertEquals(point.aggregator(), config.aggregator());
    assertEquals(point.dataset(), config.dataset());
    assertFalse(Files.exists(folder.resolve("best-eps-0.001.yaml")));
    assertTrue(Files.readString(folder.resolve("report.html"))
        .contains("No setting has a published epsilon at or below 0.001."));
  }
}
