package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigException;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.progress.PipelineListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.lossfunctions.LossFunctions;

/**
 * {@code teachers.pretrain: rotation}: the teachers' convolutions first learn the turn of the
 * public pool's images, through the whole pipeline (the tiny run with small cnn teachers and a
 * pool of 600 images).
 */
class PretrainedTeachersRunTest {
  private static final String[] CNN = {"dataset.query_pool=600",
      "teachers.network.architecture=cnn", "teachers.network.conv_filters=[4, 8]",
      "teachers.network.kernel=5"};
  private static final String[] PRETRAINED = {CNN[0], CNN[1], CNN[2], CNN[3],
      "teachers.pretrain=rotation", "teachers.pretraining.epochs=1"};

  @TempDir Path dir;

  @Test
  void teachersStartFromThePoolsConvolutionsReproduciblyUnderTheirOwnKey() throws IOException {
    List<String> said = new ArrayList<>();
    Path pretrained = run(dir.resolve("pretrained"), said, PRETRAINED);
    Path again = run(dir.resolve("again"), new ArrayList<>(), PRETRAINED);
    Path plain = run(dir.resolve("plain"), new ArrayList<>(), CNN);

    assertEquals(Files.readAllLines(pretrained.resolve("votes.csv")),
        Files.readAllLines(again.resolve("votes.csv")), "same config and seed, same teachers");
    assertNotEquals(Files.readAllLines(pretrained.resolve("votes.csv")),
        Files.readAllLines(plain.resolve("votes.csv")), "the pretext changed where they started");
    assertTrue(said.stream().anyMatch(line -> line.startsWith("pretrained the teachers'"
        + " convolutions: rotation on 2400 turned images of")), said.toString());
    JsonNode manifest = Json.mapper().readTree(pretrained.resolve("teachers/manifest.json")
        .toFile());
    JsonNode key = Json.mapper().readTree(Path.of(manifest.get("cache_folder").asText())
        .resolve("key.json").toFile()).get("settings");
    assertEquals("rotation", key.get("teachers.pretrain").asText(), key.toString());
    assertEquals("1", key.get("teachers.pretraining.epochs").asText(), key.toString());
    assertEquals("rotation", report(pretrained).at("/teachers/pretrain").asText());
    assertEquals("none", report(plain).at("/teachers/pretrain").asText());
  }

  /** A run whose teachers are all in the cache trains none, so it pretrains nothing either. */
  @Test
  void cachedTeachersAreNotPretrainedAgain() {
    run(dir.resolve("first"), new ArrayList<>(), PRETRAINED);
    List<String> said = new ArrayList<>();
    run(dir.resolve("first"), said, PRETRAINED);
    assertTrue(said.stream().noneMatch(line -> line.startsWith("pretrained")), said.toString());
    assertTrue(said.stream().anyMatch(line -> line.contains("reused from the cache")),
        said.toString());
  }

  @Test
  void whatCannotBePretrainedIsRefusedWhenTheConfigLoads() {
    assertRefused("teachers.pretrain: rotation pretrains convolution layers;"
        + " teachers.network.architecture mlp has none", "teachers.pretrain=rotation");
    assertRefused("teachers.pretrain: rotation pretrains in this process; teachers.executor"
        + " spark is not supported with it (use local)", PRETRAINED[0], PRETRAINED[1],
        PRETRAINED[2], PRETRAINED[3], PRETRAINED[4], "teachers.executor=spark",
        "teachers.spark.master=local[2]", "teachers.spark.shared_dir=file://"
            + dir.resolve("shared"));
    assertRefused("teachers.pretraining.epochs", PRETRAINED[0], PRETRAINED[1], PRETRAINED[2],
        PRETRAINED[3], PRETRAINED[4], "teachers.pretraining.epochs=0");
  }

  /** A network given in code has no built-in convolutions to start from: refused, not ignored. */
  @Test
  void aTeacherNetworkGivenInCodeIsNotPretrainedWithoutAWord() {
    RunConfig config = ConfigLoader.parse(TinyRuns.TINY, "tiny.yaml", List.of(PRETRAINED));
    NetworkSpec custom = NetworkSpec.custom((shape, classes, seed) ->
        new NeuralNetConfiguration.Builder().seed(seed).list()
            .layer(new OutputLayer.Builder(LossFunctions.LossFunction.MCXENT)
                .nIn(shape.features()).nOut(classes).activation(Activation.SOFTMAX).build())
            .build(), 1, 32);
    UserError e = assertThrows(UserError.class, () -> PatePipeline.builder(config)
        .outputDir(dir.resolve("custom")).teacherNetwork(custom).build().run());
    assertTrue(e.getMessage().startsWith("teachers.pretrain: rotation pretrains the built-in cnn's"
        + " convolutions; the teachers' network was given in code"), e.getMessage());
  }

  private void assertRefused(String expected, String... overrides) {
    ConfigException e = assertThrows(ConfigException.class,
        () -> ConfigLoader.parse(TinyRuns.TINY, "tiny.yaml", List.of(overrides)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  private static Path run(Path out, List<String> said, String... overrides) {
    RunConfig config = ConfigLoader.parse(TinyRuns.TINY, "tiny.yaml", List.of(overrides));
    PipelineListener listener = new PipelineListener() {
      @Override
      public void message(String line) {
        said.add(line);
      }
    };
    return PatePipeline.builder(config).outputDir(out).listener(listener).build().run()
        .runFolder();
  }

  private static JsonNode report(Path run) throws IOException {
    return Json.mapper().readTree(run.resolve("report.json").toFile());
  }
}
