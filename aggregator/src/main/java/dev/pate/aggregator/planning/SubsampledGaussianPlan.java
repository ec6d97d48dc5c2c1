package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The plan of the Poisson-subsampled Gaussian (DP-SGD): the least noise multiplier whose epsilon
 * after {@code steps} steps at sampling rate q is within the budget, with the closed form beside
 * it.
 *
 * @param budget the budget met
 * @param samplingRate q
 * @param steps T
 * @param noiseMultiplier the least noise multiplier within the budget
 * @param epsilon the epsilon achieved, {@code <= budget.epsilon()}
 * @param closedForm the pro-active DP closed form compared with it
 */
public record SubsampledGaussianPlan(
    Budget budget,
    double samplingRate,
    long steps,
    double noiseMultiplier,
    EpsilonBound epsilon,
    ClosedFormComparison closedForm) implements Plan {

  /**
   * {@code subsampled-gaussian}: the planning id of DP-SGD's mechanism. It is planned only to
   * compare PATE budgets with DP-SGD's; it is not a PATE aggregator, so it is no {@link
   * dev.pate.aggregator.mechanism.Mechanism}.
   */
  public static final String ID = "subsampled-gaussian";

  public SubsampledGaussianPlan {
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(epsilon, "epsilon");
    Objects.requireNonNull(closedForm, "closedForm");
  }

  @Override
  public String mechanismId() {
    return ID;
  }

  /**
   * The header keys, then {@code sampling_rate, steps, noise_multiplier, epsilon, order,
   * closed_form} ({@link ClosedFormComparison#toMap()}).
   */
  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = PlanFormat.header(ID, budget);
    m.put("sampling_rate", samplingRate);
    m.put("steps", steps);
    m.put("noise_multiplier", noiseMultiplier);
    m.put("epsilon", epsilon.epsilon());
    m.put("order", epsilon.order());
    m.put("closed_form", closedForm.toMap());
    return m;
  }

  @Override
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    PlanFormat.headerRows(rows, ID, budget);
    rows.add(PlanFormat.row("sampling rate", PlanFormat.number(samplingRate)));
    rows.add(PlanFormat.row("steps", Long.toString(steps)));
    rows.add(PlanFormat.row("noise multiplier", PlanFormat.number(noiseMultiplier)));
    rows.add(PlanFormat.row("epsilon", PlanFormat.epsilon(epsilon)));
    rows.add(PlanFormat.row("closed form sigma", String.format(Locale.ROOT,
        "%s (%.3g x exact)%s", PlanFormat.number(closedForm.sigma()), closedForm.ratioToExact(),
        closedForm.epsilonAtClosedForm()
            .map(e -> ", epsilon there " + PlanFormat.epsilon(e)).orElse(""))));
    closedForm.stepsOverDataSizeSquared().ifPresent(v -> rows.add(PlanFormat.row("T / N^2",
        String.format(Locale.ROOT, "%.3g (N = %d)", v, closedForm.dataSize().getAsLong()))));
    rows.add(PlanFormat.row("closed form premise", closedForm.explanation()));
    return rows;
  }
}
