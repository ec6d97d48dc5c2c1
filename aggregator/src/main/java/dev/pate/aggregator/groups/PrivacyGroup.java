package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.files.DpPreconditions;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A privacy group: records promised the same (epsilon, delta) budget, and the integer sensitivity
 * multiplier s with which each of them enters the vote histogram (s teachers' votes under
 * upsampling, one teacher's vote of weight s under weighting).
 *
 * @param name the group's name, not blank
 * @param budget the budget every record of the group is promised
 * @param multiplier s >= 1: changing one record of the group moves at most s votes
 */
public record PrivacyGroup(String name, Budget budget, int multiplier) {
  public PrivacyGroup {
    checkName(name);
    Objects.requireNonNull(budget, "budget");
    DpPreconditions.checkAtLeast(multiplier, 1, "multiplier");
  }

  static void checkName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("name: '" + name + "' is not a group name (not blank)");
    }
  }

  /** Fails unless {@code groups} is not empty and names each group once. */
  static <T> void checkDistinct(List<T> groups, Function<T, String> name) {
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("groups: the list is empty; give at least one group");
    }
    Set<String> seen = new HashSet<>();
    for (T group : groups) {
      if (!seen.add(name.apply(group))) {
        throw new IllegalArgumentException(
            "groups: '" + name.apply(group) + "' is named twice; each group once");
      }
    }
  }
}
