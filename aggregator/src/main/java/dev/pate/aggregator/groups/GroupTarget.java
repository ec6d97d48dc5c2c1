package dev.pate.aggregator.groups;

import dev.pate.aggregator.planning.NoiseTarget;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every group within its budget: what a per-query curve u achieves is, for each group g, the
 * epsilon of {@code queries x s_g^2 u} at g's delta and conversion.
 */
final class GroupTarget implements NoiseTarget<List<GroupGuarantee>> {
  private final List<PrivacyGroup> groups;
  private final int queries;

  GroupTarget(List<PrivacyGroup> groups, int queries) {
    this.groups = List.copyOf(groups);
    this.queries = queries;
  }

  /**
   * Each group's guarantee when every query costs {@code perQueryRdp} for a record of multiplier
   * 1: scaled by {@code s^2} as {@link ScaledSensitivityAccounting} scales it, then by the query
   * count as the accountant composes it.
   */
  List<GroupGuarantee> achieved(double[] perQueryRdp) {
    List<GroupGuarantee> guarantees = new ArrayList<>();
    for (PrivacyGroup group : groups) {
      double[] rdp = ScaledSensitivityAccounting.scaled(perQueryRdp, group.multiplier());
      for (int i = 0; i < rdp.length; i++) {
        rdp[i] *= queries;
      }
      guarantees.add(new GroupGuarantee(group, RdpConversions.epsilon(group.budget().orders(),
          rdp, group.budget().delta(), group.budget().conversion())));
    }
    return List.copyOf(guarantees);
  }

  @Override
  public boolean fits(List<GroupGuarantee> achieved) {
    return achieved.stream().allMatch(GroupGuarantee::withinBudget);
  }

  /** Some group (the binding one) is within the slack below its budget. */
  @Override
  public boolean tight(List<GroupGuarantee> achieved, double slack) {
    return achieved.stream().anyMatch(
        g -> g.epsilon().epsilon() >= g.group().budget().epsilon() * (1 - slack));
  }

  @Override
  public String goal() {
    return "every group's budget";
  }

  /** The groups over their budgets. */
  @Override
  public String describe(List<GroupGuarantee> achieved) {
    List<String> over = new ArrayList<>();
    for (GroupGuarantee g : achieved) {
      if (!g.withinBudget()) {
        over.add(String.format(Locale.ROOT, "group '%s' (multiplier %d) epsilon %.6g > %s",
            g.group().name(), g.group().multiplier(), g.epsilon().epsilon(),
            g.group().budget().epsilon()));
      }
    }
    return String.join(", ", over);
  }
}
