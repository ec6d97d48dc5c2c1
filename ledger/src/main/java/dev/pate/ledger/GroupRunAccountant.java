package dev.pate.ledger;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.groups.GroupAccountant;
import dev.pate.aggregator.groups.PrivacyGroup;
import dev.pate.aggregator.mechanism.Mechanism;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link RunAccountant} of a run with privacy groups: a {@link GroupAccountant} (one Renyi
 * filter per group; a query is asked only while every group admits it) and the mechanism's
 * accounting at multiplier 1, whose charge every ledger line records as the base charge beside
 * each group's data-dependent one.
 *
 * <p>A group's spent charge is rebuilt from the base one as its multiplier squared times it, the
 * very product the group's accounting computes ({@code ScaledSensitivityAccounting}), so a run and
 * the replay of its ledger give every group bit-identical figures.
 */
public final class GroupRunAccountant implements RunAccountant {
  private final GroupAccountant groups;
  private final QueryAccounting base;
  private final LedgerGroups recorded;
  private final int maxQueries;

  /**
   * @param mechanism GNMax or Confident-GNMax with its noise
   * @param method the id of the method that gave the multipliers ({@code upsampling}, {@code
   *     weighting}, {@code uniform})
   * @param groups the groups with their budgets (all over the same orders) and multipliers
   * @param maxQueries the most queries the run may ask
   */
  public GroupRunAccountant(Mechanism mechanism, String method, List<PrivacyGroup> groups,
      int maxQueries) {
    Objects.requireNonNull(method, "method");
    this.groups = new GroupAccountant(mechanism, groups, NoiseKind.DISCRETE, maxQueries);
    this.base = mechanism.accounting(groups.get(0).budget().orders(), NoiseKind.DISCRETE);
    this.maxQueries = maxQueries;
    List<LedgerGroups.Group> described = new ArrayList<>();
    for (PrivacyGroup g : groups) {
      Budget b = g.budget();
      if (!b.orders().equals(base.orders())) {
        throw new IllegalArgumentException("groups: group " + g.name() + "'s orders are not"
            + " those of group " + groups.get(0).name());
      }
      described.add(new LedgerGroups.Group(g.name(), b.epsilon(), b.delta(),
          b.conversion().id(), g.multiplier()));
    }
    this.recorded = new LedgerGroups(method, described);
  }

  /** The groups' accountant: every group's statement, for the report. */
  public GroupAccountant groupAccountant() {
    return groups;
  }

  @Override
  public QueryAccounting accounting() {
    return base;
  }

  @Override
  public Optional<Budget> budget() {
    return Optional.empty();
  }

  @Override
  public int maxQueries() {
    return maxQueries;
  }

  @Override
  public Optional<LedgerGroups> groups() {
    return Optional.of(recorded);
  }

  @Override
  public Optional<String> refusal() {
    return groups.refusal();
  }

  @Override
  public LedgerCharge costOf(double[] counts, boolean answered) {
    List<QueryCharge> perGroup = groups.costOf(counts, answered);
    Map<String, double[]> dependent = new LinkedHashMap<>();
    for (int g = 0; g < perGroup.size(); g++) {
      dependent.put(groups.groups().get(g).name(), perGroup.get(g).dataDependentRdp());
    }
    return new LedgerCharge(new QueryCharge(answered, base.spentRdp(answered),
        base.dataDependentRdp(counts, answered)), dependent);
  }

  @Override
  public void add(LedgerCharge charge) {
    Map<String, double[]> dependent = charge.groupDataDependentRdp();
    if (!dependent.keySet().equals(new java.util.HashSet<>(recorded.names()))) {
      throw new IllegalArgumentException("charge: data-dependent charges for " + dependent
          .keySet() + ", the run's groups are " + recorded.names());
    }
    double[] baseSpent = charge.base().spentRdp();
    List<QueryCharge> perGroup = new ArrayList<>();
    for (PrivacyGroup g : groups.groups()) {
      double factor = (double) g.multiplier() * g.multiplier();
      double[] spent = baseSpent.clone();
      for (int i = 0; i < spent.length; i++) {
        spent[i] *= factor;
      }
      perGroup.add(new QueryCharge(charge.base().answered(), spent, dependent.get(g.name())));
    }
    groups.add(perGroup);
  }

  @Override
  public void chargeReserved() {
    throw new IllegalStateException(GroupAccountant.releaseRefusal(groups.groups()));
  }
}
