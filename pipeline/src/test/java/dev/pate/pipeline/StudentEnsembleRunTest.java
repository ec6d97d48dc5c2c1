package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.release.ReleasedModel;
import dev.pate.student.StudentSettings;
import dev.pate.student.StudentTrainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.lossfunctions.LossFunctions;

/**
 * The tiny MNIST run with two students joined ({@code student.ensemble: 2}) and a validation
 * split: the report names both members, the release is one network twice as wide that says what
 * it joins, and the members add only public fields.
 */
class StudentEnsembleRunTest {
  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    run = TinyRuns.run(TinyRuns.TINY, dir.resolve("runs"), "dataset.query_pool=600",
        "dataset.validation=200", "student.ensemble=2");
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void theReportNamesEachMemberAndTheReleaseIsTheirJoinedNetwork() throws IOException {
    JsonNode members = report.at("/student/ensemble");
    assertEquals(2, members.size(), report.at("/student").toString());
    assertNotEquals(members.get(0).get("seed").asLong(), members.get(1).get("seed").asLong());
    for (JsonNode member : members) {
      double accuracy = member.get("accuracy").asDouble();
      assertTrue(accuracy > 0.1 && accuracy <= 1, members.toString());
    }
    // The curve is the first member's, whose last accuracy its record repeats.
    JsonNode curve = report.at("/student/learning_curve");
    assertEquals(5, curve.size());
    assertEquals(members.get(0).get("accuracy").asDouble(),
        curve.get(curve.size() - 1).get("accuracy").asDouble());

    ReleasedModel released = ReleasedModel.load(run.resolve("release"));
    assertEquals(2, released.manifest().model().students());
    // student.network.dense [32], joined twice: one hidden layer of 64 units.
    assertEquals(64, released.network().getLayer(0).getParam("W").columns());
    String card = Files.readString(run.resolve("release/MODEL_CARD.md"));
    assertTrue(card.contains("It is 2 such students"), card);
  }

  /**
   * A student network given in code cannot be widened to join students: refused before any
   * teacher trains, not trained as one student without a word.
   */
  @Test
  void aStudentNetworkGivenInCodeIsNotJoinedWithoutAWord() {
    NetworkSpec custom = NetworkSpec.custom((shape, classes, seed) ->
        new NeuralNetConfiguration.Builder().seed(seed).list()
            .layer(new OutputLayer.Builder(LossFunctions.LossFunction.MCXENT)
                .nIn(shape.features()).nOut(classes).activation(Activation.SOFTMAX).build())
            .build(), 1, 32);
    assertRefusedBeforeTeachersTrain(3, builder -> builder.studentNetwork(custom),
        "student.ensemble: 3 joins students of the built-in cnn or mlp into one network; the"
            + " student's network was given in code");
  }

  /** A student trainer given in code trains its own student: ensemble > 1 would be ignored. */
  @Test
  void aStudentTrainerGivenInCodeIsNotSaidToJoinStudents() {
    StudentTrainer own = StudentTrainer.of(StudentSettings.defaults());
    assertRefusedBeforeTeachersTrain(2, builder -> builder.student(own),
        "student.ensemble: 2 joins students of the built-in trainers; the student trainer given"
            + " in code trains its own student");
  }

  private static void assertRefusedBeforeTeachersTrain(int ensemble,
      UnaryOperator<PatePipeline.Builder> given, String expected) {
    RunConfig config = ConfigLoader.parse(TinyRuns.TINY, "tiny.yaml",
        List.of("student.ensemble=" + ensemble));
    Path out = dir.resolve("refused-" + ensemble);
    UserError e = assertThrows(UserError.class,
        () -> given.apply(PatePipeline.builder(config).outputDir(out)).build().run());
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    assertFalse(Files.exists(out.resolve("cache")), "refused before any teacher trained");
  }

  /** The members add only these public fields: their seeds and validation accuracies. */
  @Test
  void membersAddOnlyTheirOwnPublicFields() {
    Set<String> found = new TreeSet<>();
    ReportAllowlistTest.publicPaths(report.at("/student/ensemble"), "student/ensemble", found);
    assertEquals(ReportAllowlistTest.ENSEMBLE, found);
  }
}
