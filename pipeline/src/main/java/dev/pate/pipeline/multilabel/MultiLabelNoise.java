package dev.pate.pipeline.multilabel;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.planning.MultiLabelPlan;
import dev.pate.aggregator.planning.UnreachableBudget;
import dev.pate.config.MultiLabelConfig;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.pipeline.labelling.Mechanisms;
import java.util.Objects;
import java.util.Optional;

/**
 * The multi-label mechanism a run labels with: the config's sigma ({@code aggregator.noise:
 * fixed}), or the least sigma whose data-independent epsilon for {@code aggregator.queries}
 * answers meets {@code privacy.budget} ({@code auto}, {@link MultiLabelPlan}), chosen before any
 * data is read.
 *
 * @param mechanism the mechanism with the sigma labelling uses
 * @param plan the plan that chose sigma; empty for fixed noise
 */
public record MultiLabelNoise(MultiLabelMechanism mechanism, Optional<MultiLabelPlan> plan) {

  /** Where a planned run records its plan, as single-label runs do. */
  public static final String PLAN_FILE = "plan.json";

  public MultiLabelNoise {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(plan, "plan");
  }

  /**
   * The noise of {@code config}, a multi-label run's, over {@code labels} labels.
   *
   * @throws UserError if the budget cannot be met by any sigma the planner considers
   */
  public static MultiLabelNoise of(RunConfig config, int labels) {
    MultiLabelConfig multi = config.multiLabel();
    if (!config.aggregator().planned()) {
      return new MultiLabelNoise(multi.fixedMechanism(labels), Optional.empty());
    }
    Budget budget = Mechanisms.budget(config.privacy()).orElseThrow(() ->
        new IllegalStateException("privacy.budget.epsilon: required by aggregator.noise auto"));
    try {
      MultiLabelPlan plan = MultiLabelPlan.plan(multi.kind(), budget,
          config.aggregator().queries(), multi.fixedParameters(labels));
      return new MultiLabelNoise(plan.mechanism(), Optional.of(plan));
    } catch (UnreachableBudget e) {
      throw new UserError("privacy.budget.epsilon: " + e.withoutKey() + " (aggregator.noise: auto)",
          e);
    }
  }

  /**
   * A new accountant of the run: this mechanism's accounting for the discrete noise runs draw, at
   * {@code privacy.orders}, guarding {@code privacy.budget} if set, for at most {@code
   * aggregator.queries} queries.
   */
  public PrivacyAccountant accountant(RunConfig config) {
    return new PrivacyAccountant(
        mechanism.accounting(Mechanisms.orders(config.privacy()), NoiseKind.DISCRETE),
        Mechanisms.budget(config.privacy()), config.aggregator().queries());
  }
}
