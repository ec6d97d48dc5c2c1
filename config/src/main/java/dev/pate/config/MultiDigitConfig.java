package dev.pate.config;

import java.util.List;

/**
 * The generated multi-digit benchmark (YAML block {@code dataset.multidigit}, used when {@code
 * dataset.name} is {@code mnist-multidigit}): how many canvases are made from MNIST's training
 * digits (private, shared out among the teachers) and from its test digits (public: the first
 * {@code dataset.query_pool} form the query pool, the rest are held out), and how many digits a
 * canvas holds. Every digit is used on at most one canvas; the canvases follow from the run's seed.
 *
 * @param privateCanvases canvases made from the training digits
 * @param publicCanvases canvases made from the test digits: query pool and held-out set
 * @param minDigits fewest digits on a canvas
 * @param maxDigits most digits on a canvas
 */
public record MultiDigitConfig(int privateCanvases, int publicCanvases, int minDigits,
    int maxDigits) {

  /** The benchmark's labels: the ten digits. */
  public static final int LABELS = 10;

  /** Digit slots on a canvas ({@code MultiDigitCanvases.SLOTS}). */
  static final int SLOTS = 3;

  static final Key<MultiDigitConfig, Integer> PRIVATE_CANVASES =
      Key.of(
          "private_canvases",
          NumberType.integer().atLeast(1),
          10000,
          "canvases made from MNIST's 60000 training digits (private, dealt out to the teachers"
              + " by position); each digit is on at most one canvas, so at most 60000 /"
              + " max_digits",
          MultiDigitConfig::privateCanvases);

  static final Key<MultiDigitConfig, Integer> PUBLIC_CANVASES =
      Key.of(
          "public_canvases",
          NumberType.integer().atLeast(2),
          3000,
          "canvases made from MNIST's 10000 test digits (public): the first dataset.query_pool"
              + " are the query pool, the rest are held out for evaluation; at most 10000 /"
              + " max_digits",
          MultiDigitConfig::publicCanvases);

  static final Key<MultiDigitConfig, Integer> MIN_DIGITS =
      Key.of(
          "min_digits",
          NumberType.integer().between(1, SLOTS, true),
          2,
          "fewest digits on a canvas (of its 3 slots; an empty slot stays black)",
          MultiDigitConfig::minDigits);

  static final Key<MultiDigitConfig, Integer> MAX_DIGITS =
      Key.of(
          "max_digits",
          NumberType.integer().between(1, SLOTS, true),
          3,
          "most digits on a canvas (at least min_digits, at most 3)",
          MultiDigitConfig::maxDigits);

  static final Section<MultiDigitConfig> SECTION =
      Section.of(
          "multidigit",
          "the generated multi-digit benchmark: canvases of MNIST digits side by side, each"
              + " labelled with the set of digits on it",
          List.of(PRIVATE_CANVASES, PUBLIC_CANVASES, MIN_DIGITS, MAX_DIGITS),
          v ->
              new MultiDigitConfig(
                  v.get(PRIVATE_CANVASES),
                  v.get(PUBLIC_CANVASES),
                  v.get(MIN_DIGITS),
                  v.get(MAX_DIGITS)));

  /** Value ranges are checked by {@link ConfigLoader}; {@link MultiLabelChecks} the rest. */
  public MultiDigitConfig {}
}
