package dev.pate.aggregator.groups;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.ConfidentGrid;
import dev.pate.files.DpPreconditions;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What to plan for privacy groups: the mechanism kind, the groups' budgets, the queries and
 * teachers the run will have, and the largest multiplier a group may get (how records are dealt
 * to the teachers bounds it: upsampling at the teacher count).
 *
 * @param mechanism {@link Mechanism.Kind#GNMAX} or {@link Mechanism.Kind#CONFIDENT_GNMAX}
 * @param groups the groups' budgets, each name once; every budget over the same orders
 * @param queries queries to answer, >= 1
 * @param teachers number of teachers, >= 1: the Confident-GNMax grid is relative to it
 * @param maxMultiplier an upper bound on every multiplier, if any (for upsampling at most the
 *     number of teachers: a record is placed in distinct teachers' partitions)
 * @param grid the Confident-GNMax settings tried
 */
public record GroupPlanRequest(Mechanism.Kind mechanism, List<GroupBudget> groups, int queries, int teachers, OptionalInt maxMultiplier,
    ConfidentGrid grid) {

  public GroupPlanRequest {
    Objects.requireNonNull(mechanism, "mechanism");
    String refusal = ScaledSensitivityAccounting.unsupported(mechanism);
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
    groups = List.copyOf(groups);
    PrivacyGroup.checkDistinct(groups, GroupBudget::name);
    for (GroupBudget g : groups) {
      if (!g.budget().orders().equals(groups.get(0).budget().orders())) {
        throw new IllegalArgumentException("groups: '" + g.name() + "' has other orders than '"
            + groups.get(0).name() + "'; plan every group over the same orders");
      }
    }
    DpPreconditions.checkAtLeast(queries, 1, "queries");
    DpPreconditions.checkAtLeast(teachers, 1, "teachers");
    Objects.requireNonNull(maxMultiplier, "maxMultiplier");
    if (maxMultiplier.isPresent()) {
      DpPreconditions.checkAtLeast(maxMultiplier.getAsInt(), 1, "maxMultiplier");
    }
    Objects.requireNonNull(grid, "grid");
  }

  /** The default Confident-GNMax grid, no bound on the multipliers. */
  public static GroupPlanRequest of(Mechanism.Kind mechanism, List<GroupBudget> groups,
      int queries, int teachers) {
    return new GroupPlanRequest(mechanism, groups, queries, teachers, OptionalInt.empty(),
        ConfidentGrid.defaults());
  }

  public GroupPlanRequest withMaxMultiplier(int maxMultiplier) {
    return new GroupPlanRequest(mechanism, groups, queries, teachers,
        OptionalInt.of(maxMultiplier), grid);
  }

  public GroupPlanRequest withGrid(ConfidentGrid grid) {
    return new GroupPlanRequest(mechanism, groups, queries, teachers, maxMultiplier, grid);
  }

  /** The bound on every multiplier: {@link #maxMultiplier()}, or none. */
  public int multiplierCap() {
    return maxMultiplier.orElse(Integer.MAX_VALUE);
  }
}
