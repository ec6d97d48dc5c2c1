package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.AnchorKind;
import dev.pate.config.Study;
import dev.pate.config.StudyLoader;
import dev.pate.config.StudyPoint;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.RunPlace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The frontier studies of issue 24 load, choose on a validation split, compare with anchors, and
 * every point passes the checks a run makes before it reads any data (its noise planned for its
 * budget, its release if it makes one): a point that would be refused would stop the study
 * before its first point trains. Nothing is trained here.
 */
class FrontierExperimentsTest {
  @TempDir Path out;

  @ParameterizedTest
  @ValueSource(strings = {"frontier-mnist.yaml", "frontier-fashion.yaml", "frontier-adult.yaml"})
  void everyPointIsARunnableRunChosenOnAValidationSplit(String file) {
    Path path = Path.of(System.getProperty("pate.repo.root", ".."), "experiments", file);
    Study study = StudyLoader.load(path, List.of());
    assertFalse(study.frontier().anchors().isEmpty(), "anchors");
    assertFalse(study.frontier().targets().isEmpty(), "targets");
    assertTrue(study.frontier().anchors().stream()
        .allMatch(a -> a.source().contains("delta")), "every anchor names its delta");
    assertTrue(study.frontier().anchors().stream().map(a -> a.kind())
        .anyMatch(k -> k != AnchorKind.GUARANTEE) || file.contains("fashion"),
        "kinds are given as published");
    List<String> refused = new ArrayList<>();
    for (StudyPoint point : study.points()) {
      assertTrue(point.config().dataset().validation() > 0, point.label());
      try {
        PatePipeline.builder(point.config()).place(RunPlace.point(out.resolve("p"
            + point.index()), out)).build().preflight();
      } catch (RuntimeException e) {
        refused.add(point.label() + ": " + e.getMessage());
      }
    }
    assertTrue(refused.isEmpty(), String.join("\n", refused));
  }
}
