package dev.pate.ledger;

import dev.pate.files.DpPreconditions;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The privacy groups of a run with per-record budgets, as its ledger header records them: the
 * method that gave each group its sensitivity multiplier, and per group its name, budget and
 * multiplier. Every charge of such a ledger is the charge of a record of multiplier 1 (the base
 * charge) plus each group's data-dependent charge; a group's spent cost is its multiplier squared
 * times the base, so a resumed run that changed any of these would charge its groups otherwise
 * than the ledger's earlier charges were made (see {@link LedgerHeader#differenceFrom}). No group's
 * size is recorded: sizes are private.
 *
 * @param method the method's id ({@code upsampling}, {@code weighting}, {@code uniform})
 * @param groups the groups in the run's order, names distinct
 */
public record LedgerGroups(String method, List<Group> groups) {

  /**
   * One group as recorded.
   *
   * @param name the group's name
   * @param epsilon its budget's epsilon
   * @param delta its budget's delta
   * @param conversion the id of the RDP-to-(epsilon, delta) conversion its budget is read with
   * @param multiplier its sensitivity multiplier, >= 1
   */
  public record Group(String name, double epsilon, double delta, String conversion,
      int multiplier) {
    public Group {
      Objects.requireNonNull(name, "name");
      DpPreconditions.checkPositive(epsilon, "epsilon");
      DpPreconditions.checkDelta(delta, "delta");
      Objects.requireNonNull(conversion, "conversion");
      DpPreconditions.checkAtLeast(multiplier, 1, "multiplier");
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", name);
      m.put("epsilon", epsilon);
      m.put("delta", delta);
      m.put("conversion", conversion);
      m.put("multiplier", multiplier);
      return m;
    }
  }

  public LedgerGroups {
    Objects.requireNonNull(method, "method");
    groups = List.copyOf(groups);
    DpPreconditions.checkAtLeast(groups.size(), 1, "groups");
    Set<String> names = new HashSet<>();
    for (Group g : groups) {
      if (!names.add(g.name())) {
        throw new IllegalArgumentException("groups: the name " + g.name() + " is given twice");
      }
    }
  }

  /** The groups' names, in order. */
  public List<String> names() {
    return groups.stream().map(Group::name).toList();
  }

  /** As the header writes it. */
  Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("method", method);
    m.put("groups", groups.stream().map(Group::toMap).toList());
    return m;
  }
}
