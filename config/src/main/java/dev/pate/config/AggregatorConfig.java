package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The noisy aggregation of teacher votes that labels the queries (YAML block {@code aggregator}).
 * Each mechanism parameter is present exactly when the mechanism uses it: {@code gamma} for lnmax,
 * {@code sigma} for gnmax, {@code threshold}, {@code sigma1} and {@code sigma2} for
 * confident-gnmax. (A file may set the others too, e.g. for a sweep over mechanisms; they are
 * checked, then ignored.)
 *
 * @param mechanism which noisy aggregation
 * @param gamma LNMax: Laplace noise of scale 1/gamma on each vote count
 * @param sigma GNMax: standard deviation of the Gaussian noise on each vote count
 * @param threshold Confident GNMax: answer only if the noisy largest vote count reaches this
 * @param sigma1 Confident GNMax: noise standard deviation of the threshold check
 * @param sigma2 Confident GNMax: noise standard deviation of the noisy arg max
 * @param queries how many pool images are asked to the teachers
 * @param selection which pool images become queries
 * @param noise where the noise randomness comes from
 */
public record AggregatorConfig(
    Mechanism mechanism,
    OptionalDouble gamma,
    OptionalDouble sigma,
    OptionalDouble threshold,
    OptionalDouble sigma1,
    OptionalDouble sigma2,
    int queries,
    Selection selection,
    NoiseSource noise) {

  static final Key<AggregatorConfig, Mechanism> MECHANISM =
      Key.of(
          "mechanism",
          new ChoiceType<>(Mechanism.class),
          Mechanism.LNMAX,
          "noisy aggregation: lnmax (Papernot et al. 2017), gnmax or confident-gnmax (2018)",
          AggregatorConfig::mechanism);

  static final Key<AggregatorConfig, Double> GAMMA =
      Key.usedWhen(
          MECHANISM,
          Mechanism.LNMAX,
          "gamma",
          NumberType.number().greaterThan(0),
          0.05,
          "LNMax: Laplace noise of scale 1/gamma is added to each vote count",
          a -> boxed(a.gamma()));

  static final Key<AggregatorConfig, Double> SIGMA =
      Key.usedWhen(
          MECHANISM,
          Mechanism.GNMAX,
          "sigma",
          NumberType.number().greaterThan(0),
          40.0,
          "GNMax: standard deviation of the Gaussian noise added to each vote count",
          a -> boxed(a.sigma()));

  static final Key<AggregatorConfig, Double> THRESHOLD =
      Key.usedWhen(
          MECHANISM,
          Mechanism.CONFIDENT_GNMAX,
          "threshold",
          NumberType.number().greaterThan(0),
          200.0,
          "Confident GNMax: a query is answered only if the largest vote count plus"
              + " N(0, sigma1^2) noise reaches this threshold",
          a -> boxed(a.threshold()));

  static final Key<AggregatorConfig, Double> SIGMA1 =
      Key.usedWhen(
          MECHANISM,
          Mechanism.CONFIDENT_GNMAX,
          "sigma1",
          NumberType.number().greaterThan(0),
          150.0,
          "Confident GNMax: standard deviation of the Gaussian noise in the threshold check",
          a -> boxed(a.sigma1()));

  static final Key<AggregatorConfig, Double> SIGMA2 =
      Key.usedWhen(
          MECHANISM,
          Mechanism.CONFIDENT_GNMAX,
          "sigma2",
          NumberType.number().greaterThan(0),
          40.0,
          "Confident GNMax: standard deviation of the Gaussian noise in the noisy arg max of"
              + " answered queries",
          a -> boxed(a.sigma2()));

  static final Key<AggregatorConfig, Integer> QUERIES =
      Key.of(
          "queries",
          NumberType.integer().atLeast(1),
          100,
          "how many pool images are asked to the teachers (at most dataset.query_pool)",
          AggregatorConfig::queries);

  static final Key<AggregatorConfig, Selection> SELECTION =
      Key.of(
          "selection",
          new ChoiceType<>(Selection.class),
          Selection.FIRST,
          "which pool images become queries: the first ones, or a random subset drawn with seed",
          AggregatorConfig::selection);

  static final Key<AggregatorConfig, NoiseSource> NOISE =
      Key.of(
          "noise",
          new ChoiceType<>(NoiseSource.class),
          NoiseSource.SECURE,
          "noise randomness: secure (cryptographic generator) or seeded (reproducible from seed;"
              + " for studies only, gives no real privacy)",
          AggregatorConfig::noise);

  static final Section<AggregatorConfig> SECTION =
      Section.of(
          "aggregator",
          "the noisy aggregation of teacher votes that labels the queries",
          List.of(MECHANISM, GAMMA, SIGMA, THRESHOLD, SIGMA1, SIGMA2, QUERIES, SELECTION, NOISE),
          v ->
              new AggregatorConfig(
                  v.get(MECHANISM),
                  v.findDouble(GAMMA),
                  v.findDouble(SIGMA),
                  v.findDouble(THRESHOLD),
                  v.findDouble(SIGMA1),
                  v.findDouble(SIGMA2),
                  v.get(QUERIES),
                  v.get(SELECTION),
                  v.get(NOISE)));

  /**
   * Checks for nulls, and that each mechanism parameter is present exactly when {@code mechanism}
   * uses it; value ranges are checked by {@link ConfigLoader}.
   */
  public AggregatorConfig {
    requireNonNull(mechanism, "mechanism");
    requireNonNull(selection, "selection");
    requireNonNull(noise, "noise");
    requireUsedExactly("gamma", gamma, mechanism == Mechanism.LNMAX, mechanism);
    requireUsedExactly("sigma", sigma, mechanism == Mechanism.GNMAX, mechanism);
    requireUsedExactly("threshold", threshold, mechanism == Mechanism.CONFIDENT_GNMAX, mechanism);
    requireUsedExactly("sigma1", sigma1, mechanism == Mechanism.CONFIDENT_GNMAX, mechanism);
    requireUsedExactly("sigma2", sigma2, mechanism == Mechanism.CONFIDENT_GNMAX, mechanism);
  }

  private static void requireUsedExactly(
      String name, OptionalDouble parameter, boolean used, Mechanism mechanism) {
    requireNonNull(parameter, name);
    if (used != parameter.isPresent()) {
      throw new IllegalArgumentException(
          name + ": " + (used ? "required" : "must be empty") + " for mechanism " + mechanism.id());
    }
  }

  private static Optional<Double> boxed(OptionalDouble value) {
    return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
  }
}
