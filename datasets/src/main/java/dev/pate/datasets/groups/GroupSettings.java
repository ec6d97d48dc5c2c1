package dev.pate.datasets.groups;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A run's privacy groups, typed (YAML block {@code privacy.groups}): how records are dealt, where
 * their groups come from, and the groups with their budgets. The planner turns the budgets into
 * each group's integer sensitivity multiplier; nothing here depends on it.
 *
 * @param method upsampling or weighting
 * @param source where each private record's group is read from
 * @param groups the declared groups, in order: group {@code g} is {@code groups.get(g)} (an index
 *     in a {@code .npy} group file means this order)
 */
public record GroupSettings(GroupPartitioning method, GroupSource source, List<GroupSpec> groups) {
  public GroupSettings {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(source, "source");
    groups = List.copyOf(groups);
    if (groups.size() < 2) {
      throw new IllegalArgumentException("groups: " + groups.size() + " is not >= 2");
    }
    Set<String> names = new HashSet<>();
    for (GroupSpec group : groups) {
      if (!names.add(group.name())) {
        throw new IllegalArgumentException("groups: '" + group.name() + "' is declared twice");
      }
      if (group.teachers().isPresent() != (method == GroupPartitioning.WEIGHTING)) {
        throw new IllegalArgumentException("groups: group '" + group.name() + "' "
            + (group.teachers().isPresent() ? "has" : "has no") + " teacher count under "
            + method);
      }
    }
  }

  /** The groups' names, in order. */
  public List<String> names() {
    return groups.stream().map(GroupSpec::name).toList();
  }

  /** Weighting: the teachers of each group, in order; the sum is the ensemble's size. */
  public int[] teachersPerGroup() {
    if (method != GroupPartitioning.WEIGHTING) {
      throw new IllegalStateException("teachers per group exist under weighting only");
    }
    return groups.stream().mapToInt(g -> g.teachers().getAsInt()).toArray();
  }
}
