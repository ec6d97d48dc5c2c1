package dev.pate.aggregator.groups;

import dev.pate.aggregator.mechanism.Mechanism;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One setting of a privacy groups' plan: the least noise that keeps every group within its budget
 * and each group's guarantee with it, or why no noise in the searched range does.
 *
 * @param setting the fixed parameters of the setting by name ({@code threshold, sigma1} of a
 *     Confident-GNMax grid point; empty for GNMax)
 * @param planned the mechanism with the planned noise; empty when infeasible
 * @param guarantees each group's guarantee with it, in the groups' order; empty when infeasible
 * @param note why the setting is infeasible; empty when feasible
 */
public record GroupCandidate(Map<String, Double> setting, Optional<Mechanism> planned,
    List<GroupGuarantee> guarantees, Optional<String> note) {

  public GroupCandidate {
    setting = Collections.unmodifiableMap(new LinkedHashMap<>(setting));
    Objects.requireNonNull(planned, "planned");
    guarantees = List.copyOf(guarantees);
    Objects.requireNonNull(note, "note");
    if (planned.isPresent() == note.isPresent()) {
      throw new IllegalArgumentException("note: present exactly when nothing is planned");
    }
    if (planned.isPresent() == guarantees.isEmpty()) {
      throw new IllegalArgumentException("guarantees: present exactly when noise is planned");
    }
    for (GroupGuarantee g : guarantees) {
      if (!g.withinBudget()) {
        throw new IllegalArgumentException("guarantees: group '" + g.group().name()
            + "' has epsilon " + g.epsilon().epsilon() + ", over its budget "
            + g.group().budget().epsilon());
      }
    }
  }

  public boolean feasible() {
    return planned.isPresent();
  }

  /**
   * The setting's parameters, {@code feasible}, then the planned mechanism's parameters and
   * {@code groups} (name, multiplier, budget, delta, epsilon, order per group), or {@code note}.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>(setting);
    m.put("feasible", feasible());
    planned.ifPresent(p -> m.putAll(p.parameters()));
    if (feasible()) {
      m.put("groups", guarantees.stream().map(g -> {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("name", g.group().name());
        row.put("multiplier", g.group().multiplier());
        row.put("budget", g.group().budget().epsilon());
        row.put("delta", g.group().budget().delta());
        row.put("epsilon", g.epsilon().epsilon());
        row.put("order", g.epsilon().order());
        return row;
      }).toList());
    }
    note.ifPresent(n -> m.put("note", n));
    return m;
  }
}
