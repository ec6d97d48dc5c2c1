package dev.pate.aggregator.groups;

import dev.pate.aggregator.planning.PlanFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The plan for privacy groups: each group's multiplier, and per setting (one for GNMax, one per
 * grid point for Confident-GNMax) the least noise keeping every group within its budget, with each
 * group's guarantee.
 *
 * @param request what was planned
 * @param groups the groups with their multipliers, in the request's order
 * @param candidates the settings
 */
public record GroupPlan(GroupPlanRequest request, List<PrivacyGroup> groups,
    List<GroupCandidate> candidates) {

  public GroupPlan {
    Objects.requireNonNull(request, "request");
    groups = List.copyOf(groups);
    candidates = List.copyOf(candidates);
  }

  /**
   * JSON-ready: {@code mechanism, queries, teachers, accounting}, {@code groups} (name,
   * budget, delta, conversion, multiplier) and {@code candidates} ({@link GroupCandidate#toMap()}).
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mechanism", request.mechanism().id());
    m.put("queries", request.queries());
    m.put("teachers", request.teachers());
    m.put("accounting", "worst case: every query answered; each group s^2 times the base RDP");
    m.put("groups", groups.stream().map(g -> {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", g.name());
      row.put("budget", g.budget().epsilon());
      row.put("delta", g.budget().delta());
      row.put("conversion", g.budget().conversion().id());
      row.put("multiplier", g.multiplier());
      return row;
    }).toList());
    m.put("candidates", candidates.stream().map(GroupCandidate::toMap).toList());
    return m;
  }

  /**
   * Label / value rows for people: the request, then per setting its noise and one row per group
   * (multiplier, budget, guarantee), or why it is infeasible.
   */
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    rows.add(PlanFormat.row("mechanism", request.mechanism().id()));
    rows.add(PlanFormat.row("queries", Integer.toString(request.queries())));
    rows.add(PlanFormat.row("teachers", Integer.toString(request.teachers())));
    rows.add(PlanFormat.row("accounting", "worst case: every query answered; a group with"
        + " multiplier s pays s^2 times the base RDP"));
    for (GroupCandidate c : candidates) {
      String setting = describe(c.setting());
      if (c.planned().isEmpty()) {
        rows.add(PlanFormat.row(setting.isEmpty() ? "noise" : setting, c.note().orElseThrow()));
        continue;
      }
      Map<String, Double> parameters = new LinkedHashMap<>(c.planned().get().parameters());
      parameters.keySet().removeAll(c.setting().keySet());
      rows.add(PlanFormat.row(setting.isEmpty() ? "noise" : setting, describe(parameters)));
      for (GroupGuarantee g : c.guarantees()) {
        rows.add(PlanFormat.row("  group " + g.group().name(), String.format(Locale.ROOT,
            "multiplier %d, budget epsilon %s at delta %.3g, guarantee epsilon %s",
            g.group().multiplier(), g.group().budget().epsilon(), g.group().budget().delta(),
            PlanFormat.epsilon(g.epsilon()))));
      }
    }
    return rows;
  }

  private static String describe(Map<String, Double> parameters) {
    List<String> parts = new ArrayList<>();
    parameters.forEach((name, value) -> parts.add(name + " " + PlanFormat.number(value)));
    return String.join(", ", parts);
  }
}
