package dev.pate.pipeline.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkBuilder;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.files.Sha256;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnsembleKeyTest {

  private static RunConfig config(String... overrides) {
    return ConfigLoader.parse("name: key\nseed: 5\nteachers: {count: 10}\n", "key.yaml", List.of(overrides));
  }

  /** An ensemble trained on Spark is the one a local run would train: the cache shares it. */
  @Test
  void whereTeachersTrainIsNotInTheKey() {
    assertEquals(EnsembleKey.settings(config()), EnsembleKey.settings(config(
        "teachers.executor=spark", "teachers.spark.master=spark://127.0.0.1:7077",
        "teachers.spark.shared_dir=hdfs://nn/pate", "teachers.spark.teachers_per_task=3",
        "teachers.spark.conf={spark.executor.memory: 2g}", "teachers.workers=7",
        "teachers.threads_per_worker=3")));
  }

  @Test
  void whatTeachersLearnIsInTheKey() {
    assertNotEquals(EnsembleKey.settings(config()),
        EnsembleKey.settings(config("teachers.network.epochs=3")));
  }

  /**
   * The engine changes the teachers (to rounding, growing over training): the key names the one
   * that trains them (auto resolved), leaving out dl4j, so that DL4J's ensembles keep the keys
   * they had before the engine could be chosen.
   */
  @Test
  void theKeyNamesTheEngineThatTrainsUnlessItIsDl4j() {
    Map<String, String> dl4j = EnsembleKey.settings(config("teachers.engine=dl4j"));
    assertFalse(dl4j.containsKey("teachers.engine"));
    assertEquals(TrainingEngine.ONEDNN.cacheId(), EnsembleKey.settings(
        config("teachers.engine=onednn")).get("teachers.engine"));
    assertEquals(EnsembleKey.settings(config("teachers.engine=onednn")),
        EnsembleKey.settings(config()), "auto trains the default teachers with onednn");
    assertEquals(EnsembleKey.settings(config("teachers.network.dropout=0.25",
        "teachers.engine=onednn")), EnsembleKey.settings(config("teachers.network.dropout=0.25")),
        "auto trains teachers with dropout with onednn");
  }

  /**
   * Teachers started from pretrained convolutions learn something else: the pretext and its
   * settings are in their key; teachers without keep the keys they had before pretrain existed.
   */
  @Test
  void pretrainedTeachersHaveTheirOwnKey() {
    assertEquals(EnsembleKey.settings(config()),
        EnsembleKey.settings(config("teachers.pretrain=none")));
    assertFalse(EnsembleKey.settings(config()).containsKey("teachers.pretrain"));
    Map<String, String> pretrained = EnsembleKey.settings(config("teachers.pretrain=rotation"));
    assertEquals("rotation", pretrained.get("teachers.pretrain"));
    assertEquals("10", pretrained.get("teachers.pretraining.epochs"));
    assertNotEquals(pretrained, EnsembleKey.settings(config("teachers.pretrain=rotation",
        "teachers.pretraining.epochs=20")));
  }

  /**
   * Supervised teachers keep the keys they had before teachers.method existed; self-training
   * teachers learn from the pool too, so their method and its settings are in their key.
   */
  @Test
  void selfTrainingTeachersHaveTheirOwnKey() {
    assertEquals(EnsembleKey.settings(config()),
        EnsembleKey.settings(config("teachers.method=supervised")));
    Map<String, String> self = EnsembleKey.settings(config("teachers.method=self-training"));
    assertEquals("self-training", self.get("teachers.method"));
    assertEquals("0.95", self.get("teachers.self_training.confidence"));
    assertNotEquals(self, EnsembleKey.settings(config("teachers.method=self-training",
        "teachers.self_training.confidence=0.9")));
    // alignment came later: left out at none (self-trained ensembles cached before keep their
    // keys), in the key otherwise.
    assertFalse(self.containsKey("teachers.self_training.alignment"));
    assertEquals("labels", EnsembleKey.settings(config("teachers.method=self-training",
        "teachers.self_training.alignment=labels")).get("teachers.self_training.alignment"));
    // So did restarts and their prior: left out at one student judged against the labels.
    assertFalse(self.containsKey("teachers.self_training.restarts"));
    assertFalse(self.containsKey("teachers.self_training.restart_prior"));
    Map<String, String> restarted = EnsembleKey.settings(config("teachers.method=self-training",
        "teachers.self_training.restarts=2", "teachers.self_training.restart_prior=uniform"));
    assertEquals("2", restarted.get("teachers.self_training.restarts"));
    assertEquals("uniform", restarted.get("teachers.self_training.restart_prior"));
  }

  /**
   * Without a validation split the key is what it was before dataset.validation existed (cached
   * ensembles keep their keys); with one, the public data differs, and so does the key.
   */
  @Test
  void aValidationSplitIsInTheKeyOnlyWhenThereIsOne() {
    assertEquals(EnsembleKey.settings(config()), EnsembleKey.settings(config(
        "dataset.validation=0")));
    assertFalse(EnsembleKey.settings(config()).containsKey("dataset.validation"));
    assertNotEquals(EnsembleKey.settings(config()),
        EnsembleKey.settings(config("dataset.validation=500")));
  }

  /**
   * What a cached teacher is, beyond the settings in its key: the configuration NetworkBuilder
   * saves with it (its layers and their classes, preprocessors, updater, schedule). Recorded here
   * for the current {@link EnsembleKey#FORMAT}: a change to what NetworkBuilder builds fails this
   * test, so that whoever makes it bumps FORMAT (ensembles cached before are then trained again,
   * not reused as if the new configuration had trained them) and records the new digest.
   */
  @Test
  void theFormatStandsForTheConfigurationNetworkBuilderSaves() {
    String json = NetworkBuilder.build(config().teachers().network(), InputShape.image(28, 28),
        10, 1, 100).getLayerWiseConfigurations().toJson();
    Map<String, String> digests = Map.of(
        "pate-teachers-4", "4d6fd6417464e0b713c98815f839528e36b27ddbfdcf8ebd17ca9b2301b2ba6c");
    assertEquals(digests.get(EnsembleKey.FORMAT), Sha256.of(json), "NetworkBuilder's saved"
        + " configuration of the default teacher changed: bump EnsembleKey.FORMAT and record the"
        + " new digest here");
    // Multi-label teachers: NetworkBuilder's network with one sigmoid per label.
    String multiLabelJson = NetworkBuilder.build(multiLabel().teachers().network(),
        InputShape.image(28, 28), 10, 1, 100, true).getLayerWiseConfigurations().toJson();
    Map<String, String> multiLabelDigests = Map.of("pate-multilabel-teachers-2",
        "bc99dc3afaf03020f4cafab834ad22d81034003e4bab11dee59e983ae93734bb");
    assertEquals(multiLabelDigests.get(EnsembleKey.MULTI_LABEL_FORMAT), Sha256.of(multiLabelJson),
        "NetworkBuilder's saved configuration of a multi-label teacher changed: bump"
        + " EnsembleKey.MULTI_LABEL_FORMAT and record the new digest here");
  }

  private static RunConfig multiLabel(String... overrides) {
    return ConfigLoader.parse("name: key\nseed: 5\nteachers: {count: 10}\ndataset: {name:"
        + " mnist-multidigit, query_pool: 100, multidigit: {private_canvases: 1000,"
        + " public_canvases: 300}}\nmulti_label: {mechanism: binary-voting}\n"
        + "aggregator: {queries: 50, noise: auto}\nprivacy: {budget: {epsilon: 2}}\n", "key.yaml",
        List.of(overrides));
  }

  /**
   * What a multi-label run does with its teachers' votes (mechanism, noise, budget, query count)
   * is not in the key; the canvases and the teachers are.
   */
  @Test
  void multiLabelTeachersAreKeyedByCanvasesAndTeachersNotByTheMechanism() {
    Map<String, String> base = EnsembleKey.settings(multiLabel());
    assertEquals(base, EnsembleKey.settings(multiLabel("multi_label.mechanism=tau-voting",
        "multi_label.tau=2", "aggregator.queries=80", "privacy.budget.epsilon=4",
        "privacy.delta=1e-6", "teachers.workers=2")));
    for (String changed : List.of("dataset.multidigit.private_canvases=900",
        "dataset.multidigit.min_digits=3", "teachers.count=20", "seed=6",
        "teachers.network.architecture=mlp")) {
      assertNotEquals(base, EnsembleKey.settings(multiLabel(changed)), changed);
    }
  }
}
