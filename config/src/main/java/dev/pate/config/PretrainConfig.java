package dev.pate.config;

import dev.pate.ensemble.pretrain.PretrainSettings;
import java.util.List;

/**
 * The YAML block {@code teachers.pretraining} (used when {@code teachers.pretrain} is not {@code
 * none}), read into {@link PretrainSettings}, whose defaults it takes.
 */
final class PretrainConfig {

  private static final PretrainSettings DEFAULTS = PretrainSettings.defaults();

  static final Key<PretrainSettings, Integer> EPOCHS =
      Key.of(
          "epochs",
          NumberType.integer().atLeast(1),
          DEFAULTS.epochs(),
          "passes over the pool's turned images (four per pool image)",
          PretrainSettings::epochs);

  static final Key<PretrainSettings, Integer> BATCH_SIZE =
      Key.of(
          "batch_size",
          NumberType.integer().atLeast(1),
          DEFAULTS.batchSize(),
          "turned images per gradient step",
          PretrainSettings::batchSize);

  static final Key<PretrainSettings, Double> LEARNING_RATE =
      Key.of(
          "learning_rate",
          NumberType.number().greaterThan(0),
          DEFAULTS.learningRate(),
          "Adam learning rate, decayed linearly to 0 over the pretraining",
          PretrainSettings::learningRate);

  static final Section<PretrainSettings> SECTION =
      Section.of(
          "pretraining",
          "the pretext network trained on the unlabelled public pool before any teacher"
              + " (pretrain: rotation); its architecture is the teachers' network, with one output"
              + " per quarter turn",
          List.of(EPOCHS, BATCH_SIZE, LEARNING_RATE),
          v -> new PretrainSettings(v.get(EPOCHS), v.get(BATCH_SIZE), v.get(LEARNING_RATE)));

  private PretrainConfig() {}
}
