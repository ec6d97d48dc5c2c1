package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.PlanFormat;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Planning for privacy groups before any data: each group's sensitivity multiplier from the
 * budgets, and the least noise that keeps every group within its budget (see the package comment
 * for why). The searches are the planner's ({@link Planner#leastSigma}, {@link
 * Planner#leastSigma2}), given the target "every group fits".
 */
public final class GroupPlanner {
  private GroupPlanner() {}

  /**
   * The multiplier of each group: {@code s_g = floor(epsilon_g / epsilon_min)} with {@code
   * epsilon_min} the strictest group's epsilon (so that group gets 1), at most {@code cap}. The
   * ratio is taken of the epsilons as written (their shortest decimal forms: 0.3 / 0.1 is 3).
   * It only chooses how many votes a record carries; the noise is then planned so that every
   * group's guarantee with its multiplier is within its budget, so no rounding here can
   * overspend.
   *
   * @param cap the largest multiplier allowed, >= 1
   */
  public static List<PrivacyGroup> multipliers(List<GroupBudget> budgets, int cap) {
    PrivacyGroup.checkDistinct(budgets, GroupBudget::name);
    if (cap < 1) {
      throw new IllegalArgumentException("cap: " + cap + " is not >= 1");
    }
    BigDecimal strictest = budgets.stream()
        .map(g -> BigDecimal.valueOf(g.budget().epsilon()))
        .min(BigDecimal::compareTo).orElseThrow();
    List<PrivacyGroup> groups = new ArrayList<>();
    for (GroupBudget g : budgets) {
      BigDecimal ratio = BigDecimal.valueOf(g.budget().epsilon())
          .divide(strictest, 0, RoundingMode.FLOOR);
      int multiplier = ratio.min(BigDecimal.valueOf(cap)).intValueExact();
      groups.add(g.withMultiplier(multiplier));
    }
    return List.copyOf(groups);
  }

  /**
   * Every group given the strictest group's budget (the smallest epsilon; of equal ones, the
   * smallest delta): plain PATE with the strictest budget for every record, the comparison the
   * methods that spend more of the larger budgets are measured against. With it every multiplier
   * is 1.
   */
  public static List<GroupBudget> strictestForAll(List<GroupBudget> budgets) {
    PrivacyGroup.checkDistinct(budgets, GroupBudget::name);
    GroupBudget strictest = budgets.stream()
        .min(java.util.Comparator.comparingDouble((GroupBudget g) -> g.budget().epsilon())
            .thenComparingDouble(g -> g.budget().delta()))
        .orElseThrow();
    return budgets.stream().map(g -> new GroupBudget(g.name(), strictest.budget())).toList();
  }

  /**
   * Each group's data-independent guarantee after {@code queries} queries of {@code mechanism}
   * (every one answered, the worst case), at its own delta: for reports, given the noise and the
   * multipliers.
   */
  public static List<GroupGuarantee> guarantees(Mechanism mechanism, List<PrivacyGroup> groups,
      int queries) {
    if (queries < 1) {
      throw new IllegalArgumentException("queries: " + queries + " is not >= 1");
    }
    PrivacyGroup.checkDistinct(groups, PrivacyGroup::name);
    List<GroupGuarantee> guarantees = new ArrayList<>();
    for (PrivacyGroup group : groups) {
      double[] rdp = ScaledSensitivityAccounting.of(mechanism, group.multiplier(),
          group.budget().orders(), NoiseKind.DISCRETE).dataIndependentRdp();
      for (int i = 0; i < rdp.length; i++) {
        rdp[i] *= queries;
      }
      guarantees.add(new GroupGuarantee(group, RdpConversions.epsilon(group.budget().orders(),
          rdp, group.budget().delta(), group.budget().conversion())));
    }
    return List.copyOf(guarantees);
  }

  /**
   * The plan: the multipliers, then for GNMax the least sigma, for Confident-GNMax the least
   * sigma2 of every (T, sigma1) of the grid, each keeping every group within its budget when every
   * query is answered (the worst case).
   */
  public static GroupPlan plan(GroupPlanRequest request) {
    List<PrivacyGroup> groups = multipliers(request.groups(), request.multiplierCap());
    GroupTarget target = new GroupTarget(groups, request.queries());
    Orders orders = groups.get(0).budget().orders();
    List<GroupCandidate> candidates = new ArrayList<>();
    if (request.mechanism() == Mechanism.Kind.GNMAX) {
      String what = request.queries() + " gnmax queries";
      try {
        double sigma = Planner.leastSigma(orders, target, target::achieved, what);
        candidates.add(feasible(Map.of(), new Mechanism.Gnmax(sigma), groups, request));
      } catch (IllegalArgumentException e) {
        candidates.add(infeasible(Map.of(), e));
      }
    } else {
      for (double f : request.grid().thresholdFractions()) {
        for (double g : request.grid().sigma1Fractions()) {
          double threshold = f * request.teachers();
          double sigma1 = g * request.teachers();
          Map<String, Double> setting = new LinkedHashMap<>();
          setting.put("threshold", threshold);
          setting.put("sigma1", sigma1);
          String what = request.queries() + " confident-gnmax queries, all answered, with sigma1 = "
              + PlanFormat.number(sigma1);
          try {
            double sigma2 = Planner.leastSigma2(orders, sigma1, target, target::achieved, what);
            candidates.add(feasible(setting,
                new Mechanism.ConfidentGnmax(threshold, sigma1, sigma2), groups, request));
          } catch (IllegalArgumentException e) {
            candidates.add(infeasible(setting, e));
          }
        }
      }
    }
    return new GroupPlan(request, groups, candidates);
  }

  /** The candidate with the guarantees recomputed on the accountant's path from the mechanism. */
  private static GroupCandidate feasible(Map<String, Double> setting, Mechanism planned,
      List<PrivacyGroup> groups, GroupPlanRequest request) {
    return new GroupCandidate(setting, Optional.of(planned),
        guarantees(planned, groups, request.queries()), Optional.empty());
  }

  private static GroupCandidate infeasible(Map<String, Double> setting,
      IllegalArgumentException why) {
    return new GroupCandidate(setting, Optional.empty(), List.of(),
        Optional.of("infeasible: " + why.getMessage()));
  }
}
