package dev.pate.aggregator.planning;

import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.files.DpPreconditions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The a-priori closed form of pro-active DP for the subsampled Gaussian, {@code sigma =
 * sqrt(2 (eps + ln(1/delta)) / eps)}, next to the noise multiplier solved from the accountant.
 *
 * <p>The closed form is proposed for {@code eps = Omega(T / N^2)}, T the steps and N the data
 * size (so the sampling rate is {@code q = expected batch / N}). Omega hides a constant, so {@link
 * #premiseHolds} reports {@code eps >= T / N^2} (constant 1) as the rough indicator it is; it is
 * empty when the data size is unknown. The closed form does not depend on q or T, so it says
 * nothing about composition: {@link #epsilonAtClosedForm} is what the accountant gives for it
 * (above the budget: the closed form would overspend; far below: it is needlessly noisy).
 *
 * @param sigma the closed-form noise multiplier
 * @param ratioToExact {@code sigma / exact noise multiplier}
 * @param epsilonAtClosedForm the accountant's epsilon for the closed-form sigma (same q, steps,
 *     delta, conversion, orders); empty if no order gives a finite epsilon
 * @param dataSize N, if given
 * @param stepsOverDataSizeSquared {@code T / N^2}, if N is given
 * @param premiseHolds {@code eps >= T / N^2}, if N is given
 * @param explanation one sentence for people
 */
public record ClosedFormComparison(
    double sigma,
    double ratioToExact,
    Optional<EpsilonBound> epsilonAtClosedForm,
    OptionalLong dataSize,
    OptionalDouble stepsOverDataSizeSquared,
    Optional<Boolean> premiseHolds,
    String explanation) {

  public ClosedFormComparison {
    Objects.requireNonNull(epsilonAtClosedForm, "epsilonAtClosedForm");
    Objects.requireNonNull(dataSize, "dataSize");
    Objects.requireNonNull(stepsOverDataSizeSquared, "stepsOverDataSizeSquared");
    Objects.requireNonNull(premiseHolds, "premiseHolds");
    Objects.requireNonNull(explanation, "explanation");
  }

  /** {@code sqrt(2 (eps + ln(1/delta)) / eps)}. */
  public static double sigma(double epsilon, double delta) {
    DpPreconditions.checkPositive(epsilon, "epsilon");
    DpPreconditions.checkDelta(delta, "delta");
    return Math.sqrt(2 * (epsilon - Math.log(delta)) / epsilon);
  }

  /**
   * {@code sigma, ratio_to_exact, epsilon_at_closed_form, order_at_closed_form, data_size,
   * steps_over_data_size_squared, premise_holds} (the last three when N is known, the epsilon
   * keys when finite), {@code explanation}.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sigma", sigma);
    m.put("ratio_to_exact", ratioToExact);
    epsilonAtClosedForm.ifPresent(e -> {
      m.put("epsilon_at_closed_form", e.epsilon());
      m.put("order_at_closed_form", e.order());
    });
    dataSize.ifPresent(n -> m.put("data_size", n));
    stepsOverDataSizeSquared.ifPresent(v -> m.put("steps_over_data_size_squared", v));
    premiseHolds.ifPresent(p -> m.put("premise_holds", p));
    m.put("explanation", explanation);
    return m;
  }
}
