package dev.pate.config;

import dev.pate.aggregator.rdp.Conversion;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import static java.util.Objects.requireNonNull;

/**
 * How the privacy cost of the answered queries is accounted (YAML block {@code privacy}).
 *
 * @param delta the delta of the reported (epsilon, delta)-DP guarantee, in (0, 1)
 * @param orders the Renyi-DP orders to track, each > 1; empty: the accountant's default list
 *     ({@code orders: default} in YAML)
 * @param conversion how the Renyi-DP guarantee becomes an (epsilon, delta) one
 * @param budget the budget labelling must not exceed, if any
 * @param datasetBudget where the private data set's budget is looked for
 * @param release whether the data-dependent epsilon is published, through smooth sensitivity
 * @param releasePlan how the release's parameters are chosen: given ({@code fixed}) or planned a
 *     priori from {@code releaseTeacherAccuracy} ({@code auto})
 * @param releaseTeacherAccuracy auto: the teacher accuracy you expect (a stated assumption, never
 *     measured on private data), from which votes are modelled to plan the release
 * @param releaseOrder fixed: the Renyi order of the release
 * @param releaseBeta fixed: the smoothness beta
 * @param releaseSigma fixed: the noise multiplier sigma_ss
 * @param groups privacy groups, each with its own budget (individualized PATE); none by default
 */
public record PrivacyConfig(
    double delta, Optional<List<Double>> orders, Conversion conversion, BudgetConfig budget,
    DatasetBudgetConfig datasetBudget, DataDependentRelease release, NoiseMode releasePlan,
    OptionalDouble releaseTeacherAccuracy, OptionalDouble releaseOrder, OptionalDouble releaseBeta,
    OptionalDouble releaseSigma, GroupsConfig groups) {

  static final Key<PrivacyConfig, Double> DELTA =
      Key.of(
          "delta",
          NumberType.number().strictlyBetween(0, 1),
          1.0e-5,
          "delta of the reported (epsilon, delta)-DP guarantee",
          PrivacyConfig::delta);

  static final Key<PrivacyConfig, Optional<List<Double>>> ORDERS =
      Key.of(
          "orders",
          new KeywordOrType<>(
              "default", new ListType<>(NumberType.number().greaterThan(1), 1, Integer.MAX_VALUE)),
          Optional.empty(),
          "Renyi-DP orders at which the cost is tracked; default: the accountant's own list",
          PrivacyConfig::orders);

  static final Key<PrivacyConfig, Conversion> CONVERSION =
      Key.of(
          "conversion",
          new ChoiceType<>(Conversion.class),
          Conversion.IMPROVED,
          "Renyi-DP to (epsilon, delta) conversion: improved (Canonne, Kamath, Steinke 2020)"
              + " or classic (Mironov 2017)",
          PrivacyConfig::conversion);

  static final Child<PrivacyConfig, BudgetConfig> BUDGET =
      new Child<>(BudgetConfig.SECTION, PrivacyConfig::budget);

  static final Child<PrivacyConfig, DatasetBudgetConfig> DATASET_BUDGET =
      new Child<>(DatasetBudgetConfig.SECTION, PrivacyConfig::datasetBudget);

  static final Key<PrivacyConfig, DataDependentRelease> RELEASE =
      Key.of(
          "release",
          new ChoiceType<>(DataDependentRelease.class),
          DataDependentRelease.NONE,
          "publish the data-dependent epsilon too? none: the guarantee only; smooth-sensitivity:"
              + " also a private release of it (PATE 2018 Sec. 4.2), whose cost is added;"
              + " gnmax and confident-gnmax",
          PrivacyConfig::release);

  static final Key<PrivacyConfig, NoiseMode> RELEASE_PLAN =
      Key.usedWhen(
          RELEASE,
          DataDependentRelease.SMOOTH_SENSITIVITY,
          "release_plan",
          new ChoiceType<>(NoiseMode.class),
          NoiseMode.AUTO,
          "how the release's order, beta and sigma_ss are chosen, always before the votes are"
              + " seen: fixed (release_order, release_beta, release_sigma) or auto (planned from"
              + " release_teacher_accuracy)",
          p -> p.release() == DataDependentRelease.SMOOTH_SENSITIVITY
              ? Optional.of(p.releasePlan()) : Optional.empty());

  static final Key<PrivacyConfig, Double> RELEASE_TEACHER_ACCURACY =
      Key.usedWhen(
              RELEASE,
              DataDependentRelease.SMOOTH_SENSITIVITY,
              "release_teacher_accuracy",
              NumberType.number().between(0, 1, true),
              null,
              "the teacher accuracy you expect (a stated assumption, never measured on the"
                  + " private data); votes are modelled from it to plan the release's order,"
                  + " beta and sigma_ss with the release's exact cost",
              p -> boxed(p.releaseTeacherAccuracy()))
          .andWhen(RELEASE_PLAN, NoiseMode.AUTO);

  static final Key<PrivacyConfig, Double> RELEASE_ORDER =
      releaseParameter("release_order", NumberType.number().greaterThan(1),
          "the Renyi order at which the data-dependent RDP is released",
          PrivacyConfig::releaseOrder);

  static final Key<PrivacyConfig, Double> RELEASE_BETA =
      releaseParameter("release_beta", NumberType.number().greaterThan(0),
          "the smoothness beta of the smooth sensitivity (release_order < 1/(1 - e^(-2 beta)), where the release costs infinity)",
          PrivacyConfig::releaseBeta);

  static final Key<PrivacyConfig, Double> RELEASE_SIGMA =
      releaseParameter("release_sigma", NumberType.number().greaterThan(0),
          "sigma_ss: the released RDP gets noise of the smooth sensitivity times N(0, sigma_ss^2)",
          PrivacyConfig::releaseSigma);

  private static Key<PrivacyConfig, Double> releaseParameter(String name,
      ValueType<Double> type, String meaning,
      java.util.function.Function<PrivacyConfig, OptionalDouble> reader) {
    return Key.usedWhen(RELEASE, DataDependentRelease.SMOOTH_SENSITIVITY, name, type, null,
            "fixed release plan: " + meaning, p -> boxed(reader.apply(p)))
        .andWhen(RELEASE_PLAN, NoiseMode.FIXED);
  }

  static final Child<PrivacyConfig, GroupsConfig> GROUPS =
      new Child<>(GroupsConfig.SECTION, PrivacyConfig::groups);

  static final Section<PrivacyConfig> SECTION =
      Section.of(
          "privacy",
          "how the privacy cost of the answered queries is accounted",
          List.of(DELTA, ORDERS, CONVERSION, BUDGET, DATASET_BUDGET, RELEASE, RELEASE_PLAN,
              RELEASE_TEACHER_ACCURACY, RELEASE_ORDER, RELEASE_BETA, RELEASE_SIGMA, GROUPS),
          v -> new PrivacyConfig(v.get(DELTA), v.get(ORDERS), v.get(CONVERSION), v.get(BUDGET),
              v.get(DATASET_BUDGET), v.get(RELEASE), v.find(RELEASE_PLAN).orElse(NoiseMode.AUTO),
              v.findDouble(RELEASE_TEACHER_ACCURACY), v.findDouble(RELEASE_ORDER),
              v.findDouble(RELEASE_BETA), v.findDouble(RELEASE_SIGMA), v.get(GROUPS)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public PrivacyConfig {
    orders = requireNonNull(orders, "orders").map(List::copyOf);
    requireNonNull(conversion, "conversion");
    requireNonNull(budget, "budget");
    requireNonNull(release, "release");
    requireNonNull(releasePlan, "releasePlan");
    requireNonNull(releaseTeacherAccuracy, "releaseTeacherAccuracy");
    requireNonNull(releaseOrder, "releaseOrder");
    requireNonNull(releaseBeta, "releaseBeta");
    requireNonNull(releaseSigma, "releaseSigma");
    requireNonNull(datasetBudget, "datasetBudget");
    requireNonNull(groups, "groups");
  }

  private static Optional<Double> boxed(OptionalDouble d) {
    return d.isPresent() ? Optional.of(d.getAsDouble()) : Optional.empty();
  }

  /** The delta at which the budget is enforced. */
  public double budgetDelta() {
    return budget.delta().orElse(delta);
  }
}
