package dev.pate.config;

import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The aggregation of a multi-label run (YAML block {@code multi_label}): which of the three
 * multi-label mechanisms answers each query's label set, and its parameters. A run is multi-label
 * exactly when its data set is ({@code dataset.name: mnist-multidigit}, or {@code dataset.csv.labels}
 * or {@code dataset.images.labels} given); then {@code mechanism} is
 * required and {@code aggregator.queries}, {@code aggregator.noise} and {@code
 * aggregator.randomness} apply as for a single-label run, while {@code aggregator.mechanism} and
 * its noise keys do not ({@link MultiLabelChecks}).
 *
 * @param mechanism the multi-label mechanism; empty for a single-label run
 * @param sigma the noise's standard deviation, in votes; given with {@code aggregator.noise:
 *     fixed}, planned from {@code privacy.budget} (so not given) with {@code auto}
 * @param tau tau-voting: the L2 norm each teacher's vote vector is clipped to
 * @param threshold binary and tau-voting: the fraction of the teachers a label's noisy sum must
 *     exceed to be answered positive (free of privacy cost: it compares noisy sums)
 * @param poolConfidence when present, the student also learns from the unlabelled query pool:
 *     per-label pseudo-labels where a first student is at least this sure (empty: the answered
 *     queries only)
 */
public record MultiLabelConfig(Optional<MultiLabelMechanism.Kind> mechanism, OptionalDouble sigma,
    OptionalDouble tau, double threshold, OptionalDouble poolConfidence) {

  static final Key<MultiLabelConfig, MultiLabelMechanism.Kind> MECHANISM =
      Key.nullable(
          "mechanism",
          new ChoiceType<>(MultiLabelMechanism.Kind.class),
          "multi-label aggregation (Dziedzic, Choquette-Choo et al. 2023): binary-voting (a noisy"
              + " vote per label), tau-voting (each teacher's vote vector clipped to L2 norm tau"
              + " first) or powerset-voting (GNMax over the label subsets); required for"
              + " multi-label data (dataset.name mnist-multidigit, dataset.csv.labels or"
              + " dataset.images.labels), refused otherwise",
          MultiLabelConfig::mechanism);

  static final Key<MultiLabelConfig, Double> SIGMA =
      Key.nullable(
          "sigma",
          NumberType.number().greaterThan(0),
          "standard deviation of the discrete Gaussian noise, in votes (on each label's count, or"
              + " each subset's for powerset-voting); required with aggregator.noise fixed,"
              + " refused with auto (planned from privacy.budget)",
          c -> boxed(c.sigma()));

  static final Key<MultiLabelConfig, Double> TAU =
      Key.usedWhen(
          MECHANISM,
          MultiLabelMechanism.Kind.TAU_VOTING,
          "tau",
          NumberType.number().greaterThan(0),
          null,
          "tau-voting: each teacher's 0/1 vote vector is scaled to L2 norm at most tau (L2"
              + " sensitivity at most min(sqrt 2 tau, sqrt labels)); clipping helps when 2 tau^2 <"
              + " labels",
          c -> boxed(c.tau()));

  static final Key<MultiLabelConfig, Double> THRESHOLD =
      Key.of(
          "threshold",
          NumberType.number().strictlyBetween(0, 1),
          0.5,
          "binary-voting and tau-voting: a label is answered positive when its noisy sum exceeds"
              + " this fraction of the teachers (no privacy cost); powerset-voting takes none",
          MultiLabelConfig::threshold);

  static final Key<MultiLabelConfig, Double> POOL_CONFIDENCE =
      Key.nullable(
          "pool_confidence",
          NumberType.number().strictlyBetween(0.5, 1),
          "the student also learns from the unlabelled query pool: a first student trained on the"
              + " answered label sets scores each unasked pool example, label by label; a label is"
              + " pseudo-labelled positive where its probability is >= this, negative where <= 1"
              + " minus this, and left out of the loss otherwise; a second student trains on the"
              + " answers and these (no privacy cost: released answers and public examples only);"
              + " when null: the answered queries only",
          c -> boxed(c.poolConfidence()));

  static final Section<MultiLabelConfig> SECTION =
      Section.of(
          "multi_label",
          "the aggregation of a multi-label run: each query's label set answered by one of the"
              + " multi-label mechanisms",
          List.of(MECHANISM, SIGMA, TAU, THRESHOLD, POOL_CONFIDENCE),
          v ->
              new MultiLabelConfig(
                  v.find(MECHANISM), v.findDouble(SIGMA), v.findDouble(TAU), v.get(THRESHOLD),
                  v.findDouble(POOL_CONFIDENCE)));

  /** Checks for nulls; tau is present exactly for tau-voting. Ranges: {@link ConfigLoader}. */
  public MultiLabelConfig {
    java.util.Objects.requireNonNull(mechanism, "mechanism");
    java.util.Objects.requireNonNull(sigma, "sigma");
    java.util.Objects.requireNonNull(tau, "tau");
    java.util.Objects.requireNonNull(poolConfidence, "poolConfidence");
    boolean tauVoting = mechanism.equals(Optional.of(MultiLabelMechanism.Kind.TAU_VOTING));
    if (tau.isPresent() != tauVoting) {
      throw new IllegalArgumentException("tau: " + (tauVoting ? "required" : "must be empty")
          + " for mechanism " + mechanism.map(MultiLabelMechanism.Kind::id).orElse("none"));
    }
  }

  /** Whether the run is multi-label. */
  public boolean enabled() {
    return mechanism.isPresent();
  }

  /** The mechanism's kind. @throws IllegalStateException for a single-label run */
  public MultiLabelMechanism.Kind kind() {
    return mechanism.orElseThrow(() -> new IllegalStateException("not a multi-label run"));
  }

  /**
   * The parameters the config fixes whatever the noise: {@code labels}, and {@code tau} and
   * {@code threshold} where the mechanism takes them; what {@code MultiLabelPlan} plans sigma with.
   */
  public Map<String, Double> fixedParameters(int labels) {
    Map<String, Double> parameters = new LinkedHashMap<>();
    for (String name : kind().parameterNames()) {
      switch (name) {
        case "labels" -> parameters.put(name, (double) labels);
        case "tau" -> parameters.put(name, tau.orElseThrow());
        case "threshold" -> parameters.put(name, threshold);
        case "sigma" -> { }
        default -> throw new IllegalStateException(kind().id() + ": parameter " + name
            + " has no key in multi_label");
      }
    }
    return parameters;
  }

  /**
   * The mechanism with the sigma given here ({@code aggregator.noise: fixed}), over {@code labels}
   * labels.
   *
   * @throws IllegalStateException when no sigma is given (the planner chooses it)
   */
  public MultiLabelMechanism fixedMechanism(int labels) {
    Map<String, Double> parameters = new LinkedHashMap<>(fixedParameters(labels));
    parameters.put("sigma", sigma.orElseThrow(() -> new IllegalStateException(
        "multi_label.sigma: not given (aggregator.noise is auto: the planner chooses it)")));
    return kind().of(parameters);
  }

  private static Optional<Double> boxed(OptionalDouble value) {
    return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
  }
}
