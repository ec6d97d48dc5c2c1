package dev.pate.config;

import static java.util.Objects.requireNonNull;

import dev.pate.aggregator.mechanism.Mechanism;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The noisy aggregation of teacher votes that labels the queries (YAML block {@code aggregator}).
 * With {@code noise: fixed} each mechanism parameter is present exactly when the mechanism uses it:
 * {@code gamma} for lnmax, {@code sigma} for gnmax, {@code threshold}, {@code sigma1} and {@code
 * sigma2} for confident-gnmax. (A file may set the others too, e.g. for a sweep over mechanisms;
 * they are checked, then ignored.) With {@code noise: auto} the run plans them from {@code
 * privacy.budget} before touching private data, so the mechanism's own parameters must not be
 * given; Confident-GNMax then needs {@code expected_teacher_accuracy} to rank its candidates.
 *
 * @param mechanism which noisy aggregation (a kind of the one mechanism type)
 * @param noise whether the noise parameters are given (fixed) or planned from the budget (auto)
 * @param gamma LNMax: Laplace noise of scale 1/gamma on each vote count
 * @param sigma GNMax: standard deviation of the Gaussian noise on each vote count
 * @param threshold Confident GNMax: answer only if the noisy largest vote count reaches this
 * @param sigma1 Confident GNMax: noise standard deviation of the threshold check
 * @param sigma2 Confident GNMax: noise standard deviation of the noisy arg max
 * @param expectedTeacherAccuracy Confident GNMax with auto noise: the accuracy the teachers are
 *     expected to have, a stated assumption (never measured on private data) from which the planner
 *     models the votes to pick the (threshold, sigma1, sigma2) with the most expected correct
 *     labels
 * @param queries how many pool images are asked to the teachers
 * @param selection which pool images become queries
 * @param activeRounds active selection: rounds the queries are asked in; empty for the other
 *     selections
 * @param activeEpochs active selection: training epochs of the interim student that chooses each
 *     round after the first; empty for the other selections
 * @param randomness where the noise randomness comes from
 */
public record AggregatorConfig(
    Mechanism.Kind mechanism,
    NoiseMode noise,
    OptionalDouble gamma,
    OptionalDouble sigma,
    OptionalDouble threshold,
    OptionalDouble sigma1,
    OptionalDouble sigma2,
    OptionalDouble expectedTeacherAccuracy,
    int queries,
    Selection selection,
    OptionalInt activeRounds,
    OptionalInt activeEpochs,
    Randomness randomness) {

  /** Why a mechanism's noise key must not be given under {@code noise: auto}. */
  private static final String PLANNED =
      "the planner chooses it from privacy.budget (remove it, or set aggregator.noise: fixed)";

  /** For files written before the randomness source moved from {@code noise} to its own key. */
  private static final String RENAMED =
      "the randomness source is now aggregator.randomness (secure or seeded)";

  static final Key<AggregatorConfig, Mechanism.Kind> MECHANISM =
      Key.of(
          "mechanism",
          new ChoiceType<>(Mechanism.Kind.class),
          Mechanism.Kind.LNMAX,
          "noisy aggregation: lnmax (Papernot et al. 2017), gnmax or confident-gnmax (2018)",
          AggregatorConfig::mechanism);

  static final Key<AggregatorConfig, NoiseMode> NOISE =
      Key.of(
          "noise",
          new ChoiceType<>(NoiseMode.class).withHint("secure", RENAMED).withHint("seeded", RENAMED),
          NoiseMode.FIXED,
          "noise parameters: fixed (as given here) or auto (planned before any data is read: the"
              + " least noise whose data-independent epsilon for aggregator.queries answers meets"
              + " privacy.budget)",
          AggregatorConfig::noise);

  static final Key<AggregatorConfig, Double> GAMMA =
      noiseParameter(
          Mechanism.Kind.LNMAX,
          "gamma",
          0.05,
          "LNMax: Laplace noise of scale 1/gamma is added to each vote count",
          AggregatorConfig::gamma);

  static final Key<AggregatorConfig, Double> SIGMA =
      noiseParameter(
          Mechanism.Kind.GNMAX,
          "sigma",
          40.0,
          "GNMax: standard deviation of the Gaussian noise added to each vote count",
          AggregatorConfig::sigma);

  static final Key<AggregatorConfig, Double> THRESHOLD =
      noiseParameter(
          Mechanism.Kind.CONFIDENT_GNMAX,
          "threshold",
          200.0,
          "Confident GNMax: a query is answered only if the largest vote count plus"
              + " N(0, sigma1^2) noise reaches this threshold",
          AggregatorConfig::threshold);

  static final Key<AggregatorConfig, Double> SIGMA1 =
      noiseParameter(
          Mechanism.Kind.CONFIDENT_GNMAX,
          "sigma1",
          150.0,
          "Confident GNMax: standard deviation of the Gaussian noise in the threshold check",
          AggregatorConfig::sigma1);

  static final Key<AggregatorConfig, Double> SIGMA2 =
      noiseParameter(
          Mechanism.Kind.CONFIDENT_GNMAX,
          "sigma2",
          40.0,
          "Confident GNMax: standard deviation of the Gaussian noise in the noisy arg max of"
              + " answered queries",
          AggregatorConfig::sigma2);

  static final Key<AggregatorConfig, Double> EXPECTED_TEACHER_ACCURACY =
      Key.usedWhen(
              MECHANISM,
              Mechanism.Kind.CONFIDENT_GNMAX,
              "expected_teacher_accuracy",
              NumberType.number().between(0, 1, true),
              null,
              "Confident GNMax with auto noise: the teacher accuracy you expect (a stated"
                  + " assumption, never measured on the private data); votes are modelled from it"
                  + " to pick the (threshold, sigma1, sigma2) with the most expected correct"
                  + " labels",
              a -> boxed(a.expectedTeacherAccuracy()))
          .andWhen(NOISE, NoiseMode.AUTO);

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
          "which pool images become queries: first (the first ones), random (a random subset"
              + " drawn with seed), active (a random first round, then in each round the images"
              + " a student trained on the answers so far is least sure about) or typical (the"
              + " pool cut into as many k-means clusters as queries, each asking its image"
              + " nearest the centre); free of privacy cost: each sees only public images and"
              + " released answers, never the votes",
          AggregatorConfig::selection);

  static final Key<AggregatorConfig, Integer> ACTIVE_ROUNDS =
      Key.usedWhen(
          SELECTION,
          Selection.ACTIVE,
          "active_rounds",
          NumberType.integer().atLeast(2),
          4,
          "active selection: rounds the queries are split into (nearly equal); round 1 is a"
              + " random sample of the pool, each later round asks the least-sure images of an"
              + " interim student trained on the answers of the rounds before",
          a -> boxed(a.activeRounds()));

  static final Key<AggregatorConfig, Integer> ACTIVE_EPOCHS =
      Key.usedWhen(
          SELECTION,
          Selection.ACTIVE,
          "active_epochs",
          NumberType.integer().atLeast(1),
          10,
          "active selection: epochs of each interim student (student.network otherwise; kept"
              + " short for speed; it only ranks the pool and is never the released student)",
          a -> boxed(a.activeEpochs()));

  static final Key<AggregatorConfig, Randomness> RANDOMNESS =
      Key.of(
          "randomness",
          new ChoiceType<>(Randomness.class),
          Randomness.SECURE,
          "noise randomness: secure (cryptographic generator) or seeded (reproducible from seed;"
              + " for studies only, gives no real privacy)",
          AggregatorConfig::randomness);

  static final Section<AggregatorConfig> SECTION =
      Section.of(
          "aggregator",
          "the noisy aggregation of teacher votes that labels the queries",
          List.of(
              MECHANISM,
              NOISE,
              GAMMA,
              SIGMA,
              THRESHOLD,
              SIGMA1,
              SIGMA2,
              EXPECTED_TEACHER_ACCURACY,
              QUERIES,
              SELECTION,
              ACTIVE_ROUNDS,
              ACTIVE_EPOCHS,
              RANDOMNESS),
          v ->
              new AggregatorConfig(
                  v.get(MECHANISM),
                  v.get(NOISE),
                  v.findDouble(GAMMA),
                  v.findDouble(SIGMA),
                  v.findDouble(THRESHOLD),
                  v.findDouble(SIGMA1),
                  v.findDouble(SIGMA2),
                  v.findDouble(EXPECTED_TEACHER_ACCURACY),
                  v.get(QUERIES),
                  v.get(SELECTION),
                  v.findInt(ACTIVE_ROUNDS),
                  v.findInt(ACTIVE_EPOCHS),
                  v.get(RANDOMNESS)));

  /**
   * Checks for nulls, and that each mechanism parameter is present exactly when used: the noise
   * parameters of {@code mechanism} under fixed noise, the expected teacher accuracy for
   * Confident-GNMax under auto noise. Value ranges are checked by {@link ConfigLoader}.
   */
  public AggregatorConfig {
    requireNonNull(mechanism, "mechanism");
    requireNonNull(noise, "noise");
    requireNonNull(selection, "selection");
    requireNonNull(randomness, "randomness");
    boolean fixed = noise == NoiseMode.FIXED;
    requireUsedExactly("gamma", gamma, fixed && mechanism == Mechanism.Kind.LNMAX, mechanism, noise);
    requireUsedExactly("sigma", sigma, fixed && mechanism == Mechanism.Kind.GNMAX, mechanism, noise);
    boolean confident = mechanism == Mechanism.Kind.CONFIDENT_GNMAX;
    requireUsedExactly("threshold", threshold, fixed && confident, mechanism, noise);
    requireUsedExactly("sigma1", sigma1, fixed && confident, mechanism, noise);
    requireUsedExactly("sigma2", sigma2, fixed && confident, mechanism, noise);
    requireUsedExactly(
        "expectedTeacherAccuracy", expectedTeacherAccuracy, !fixed && confident, mechanism, noise);
    boolean active = selection == Selection.ACTIVE;
    requireNonNull(activeRounds, "activeRounds");
    requireNonNull(activeEpochs, "activeEpochs");
    if (active != activeRounds.isPresent() || active != activeEpochs.isPresent()) {
      throw new IllegalArgumentException("activeRounds and activeEpochs: "
          + (active ? "required" : "must be empty") + " for selection " + selection.id());
    }
  }

  /** Queries per round: one round of all queries, or {@code active_rounds} nearly equal ones. */
  public int[] roundSizes() {
    int rounds = activeRounds.orElse(1);
    if (rounds > queries) {
      throw new IllegalArgumentException("activeRounds: " + rounds + " rounds for " + queries
          + " queries; each round asks at least one");
    }
    int[] sizes = new int[rounds];
    for (int r = 0; r < rounds; r++) {
      sizes[r] = queries / rounds + (r < queries % rounds ? 1 : 0);
    }
    return sizes;
  }

  /**
   * The mechanism with the noise parameters given here ({@code noise: fixed}).
   *
   * @throws IllegalStateException under {@code noise: auto}, where the planner chooses them
   */
  public Mechanism fixedMechanism() {
    if (planned()) {
      throw new IllegalStateException("aggregator.noise is auto: the planner chooses the "
          + mechanism.id() + " parameters");
    }
    return switch (mechanism) {
      case LNMAX -> new Mechanism.Lnmax(gamma.orElseThrow());
      case GNMAX -> new Mechanism.Gnmax(sigma.orElseThrow());
      case CONFIDENT_GNMAX -> new Mechanism.ConfidentGnmax(threshold.orElseThrow(),
          sigma1.orElseThrow(), sigma2.orElseThrow());
    };
  }

  /**
   * This section with {@code noise: fixed} and the parameters of {@code chosen}, a mechanism of
   * this section's kind: what {@code noise: auto} becomes once the planner has chosen. (The
   * mechanism's parameter names are this section's keys.)
   *
   * @throws IllegalArgumentException if {@code chosen} is of another kind
   */
  public AggregatorConfig fixedTo(Mechanism chosen) {
    if (chosen.kind() != mechanism) {
      throw new IllegalArgumentException("chosen: " + chosen.id() + " is not aggregator.mechanism "
          + mechanism.id());
    }
    Map<String, Double> p = chosen.parameters();
    return new AggregatorConfig(mechanism, NoiseMode.FIXED, given(p, "gamma"), given(p, "sigma"),
        given(p, "threshold"), given(p, "sigma1"), given(p, "sigma2"), OptionalDouble.empty(),
        queries, selection, activeRounds, activeEpochs, randomness);
  }

  private static OptionalDouble given(Map<String, Double> parameters, String name) {
    return parameters.containsKey(name) ? OptionalDouble.of(parameters.get(name))
        : OptionalDouble.empty();
  }

  /** Whether the noise parameters are planned from the budget rather than given. */
  public boolean planned() {
    return noise == NoiseMode.AUTO;
  }

  private static void requireUsedExactly(
      String name, OptionalDouble parameter, boolean used, Mechanism.Kind mechanism,
      NoiseMode noise) {
    requireNonNull(parameter, name);
    if (used != parameter.isPresent()) {
      throw new IllegalArgumentException(
          name
              + ": "
              + (used ? "required" : "must be empty")
              + " for mechanism "
              + mechanism.id()
              + " with noise "
              + noise.id());
    }
  }

  /**
   * A noise parameter (a number > 0) of {@code mechanism}: used under fixed noise, refused under
   * auto, where the planner chooses it.
   */
  private static Key<AggregatorConfig, Double> noiseParameter(
      Mechanism.Kind mechanism,
      String name,
      double defaultValue,
      String meaning,
      Function<AggregatorConfig, OptionalDouble> reader) {
    return Key.usedWhen(
            MECHANISM,
            mechanism,
            name,
            NumberType.number().greaterThan(0),
            defaultValue,
            meaning,
            (AggregatorConfig a) -> boxed(reader.apply(a)))
        .refusedWhen(NOISE, NoiseMode.AUTO, PLANNED);
  }

  private static Optional<Double> boxed(OptionalDouble value) {
    return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
  }

  private static Optional<Integer> boxed(OptionalInt value) {
    return value.isPresent() ? Optional.of(value.getAsInt()) : Optional.empty();
  }
}
