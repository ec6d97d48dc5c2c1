package dev.pate.ledger;

import dev.pate.aggregator.accounting.QueryCharge;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one query costs, as a ledger line records it: the charge of a record of sensitivity
 * multiplier 1 (the base charge; for a run without privacy groups, the run's only charge) and, for
 * a run with privacy groups, each group's data-dependent charge (PATE 2018 Thm. 6 with the group's
 * multiplier, which is not a multiple of the base one). A group's spent charge is not recorded: it
 * is exactly its multiplier squared times the base spent charge.
 *
 * @param base the charge at multiplier 1
 * @param groupDataDependentRdp per group name, its data-dependent charge (one value per order);
 *     empty without groups
 */
public record LedgerCharge(QueryCharge base, Map<String, double[]> groupDataDependentRdp) {

  public LedgerCharge {
    Objects.requireNonNull(base, "base");
    Map<String, double[]> copy = new LinkedHashMap<>();
    groupDataDependentRdp.forEach((name, rdp) -> copy.put(name, rdp.clone()));
    groupDataDependentRdp = java.util.Collections.unmodifiableMap(copy);
  }

  /** A charge of a run without privacy groups. */
  public static LedgerCharge of(QueryCharge base) {
    return new LedgerCharge(base, Map.of());
  }

  /** The charge a ledger line records. */
  public static LedgerCharge of(LedgerEntry e) {
    return new LedgerCharge(new QueryCharge(e.answered(), e.spentRdp(), e.dataDependentRdp()),
        e.groupDataDependentRdp() == null ? Map.of() : e.groupDataDependentRdp());
  }

  /** A copy of each group's data-dependent charge. */
  @Override
  public Map<String, double[]> groupDataDependentRdp() {
    Map<String, double[]> copy = new LinkedHashMap<>();
    groupDataDependentRdp.forEach((name, rdp) -> copy.put(name, rdp.clone()));
    return copy;
  }
}
