package dev.pate.pipeline.labelling;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * How {@code aggregator.noise: auto} chose the noise, as report.json shows it ({@code plan}; null
 * under fixed noise). It lives with {@link RunNoise}, which makes it, so that choosing the noise
 * does not depend on the report.
 *
 * @param mechanism the mechanism planned for
 * @param plannedAPriori always true: nothing private entered the plan
 * @param basis what the plan is, in words
 * @param parameters the chosen noise parameters by config key ({@code gamma}; {@code sigma};
 *     {@code threshold, sigma1, sigma2})
 * @param budgetEpsilon the target: {@code privacy.budget.epsilon}
 * @param delta the budget's delta
 * @param conversion RDP to (epsilon, delta) conversion
 * @param orders the Renyi orders optimised over
 * @param queries queries planned for, every one answered (the worst case)
 * @param epsilonDataIndependent the planned epsilon for those answers, at most {@code
 *     budgetEpsilon}
 * @param order the order that gives it
 * @param kind {@code data-independent}: holds whatever the votes are
 * @param profile where the expected figures come from (Confident-GNMax: votes modelled from the
 *     stated teacher accuracy); null without one
 * @param expected expected answered queries, accuracy, correct labels and data-dependent epsilon
 *     on that profile: a forecast, not a guarantee; null without a profile
 * @param groups with privacy groups, each group's name, multiplier, budget, delta and planned
 *     epsilon (the budget fields above are then the strictest group's); null without groups
 */
@JsonPropertyOrder({"mechanism", "planned_a_priori"})
public record PlanReport(String mechanism, @JsonProperty("planned_a_priori") boolean plannedAPriori,
    String basis, Map<String, Double> parameters, double budgetEpsilon, double delta,
    String conversion, String orders, int queries, double epsilonDataIndependent,
    double order, String kind, String profile, Map<String, Object> expected,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    java.util.List<Object> groups) {}
