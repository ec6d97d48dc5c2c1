package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Comparisons computed beside the private run (YAML block {@code baseline}).
 *
 * @param nonPrivate whether to also train the student's network on all private examples with
 *     their true labels and report its held-out accuracy as the non-private ceiling; that model is
 *     not private, is not saved and only serves as a yardstick
 * @param epochs the ceiling's passes over the data; empty: {@code student.network.epochs}
 * @param batchSize the ceiling's examples per gradient step; empty: {@code
 *     student.network.batch_size}
 */
public record BaselineConfig(boolean nonPrivate, OptionalInt epochs, OptionalInt batchSize) {

  static final Key<BaselineConfig, Boolean> NON_PRIVATE =
      Key.of(
          "non_private",
          new BooleanType(),
          false,
          "also train the student's network on all private examples with their true labels and"
              + " report its held-out accuracy as the non-private ceiling (NOT private; the model"
              + " is not saved); a multi-label run's ceiling is its student trained on the true"
              + " label sets of its query canvases, with its held-out micro-F1 and label-set"
              + " accuracy",
          BaselineConfig::nonPrivate);

  static final Key<BaselineConfig, Integer> EPOCHS =
      Key.nullable(
          "epochs",
          NumberType.integer().atLeast(1),
          "the ceiling's passes over its training data (all private examples: it sees far more"
              + " examples than the student, so fewer passes suffice; a multi-label run's: its"
              + " query canvases); when null: student.network.epochs",
          b -> boxed(b.epochs()));

  static final Key<BaselineConfig, Integer> BATCH_SIZE =
      Key.nullable(
          "batch_size",
          NumberType.integer().atLeast(1),
          "the ceiling's examples per gradient step; when null: student.network.batch_size",
          b -> boxed(b.batchSize()));

  static final Section<BaselineConfig> SECTION =
      Section.of(
          "baseline",
          "comparisons computed beside the private run",
          List.of(NON_PRIVATE, EPOCHS, BATCH_SIZE),
          v -> new BaselineConfig(v.get(NON_PRIVATE), v.findInt(EPOCHS), v.findInt(BATCH_SIZE)));

  public BaselineConfig {
    requireNonNull(epochs, "epochs");
    requireNonNull(batchSize, "batchSize");
  }

  private static Optional<Integer> boxed(OptionalInt value) {
    return value.isPresent() ? Optional.of(value.getAsInt()) : Optional.empty();
  }
}
