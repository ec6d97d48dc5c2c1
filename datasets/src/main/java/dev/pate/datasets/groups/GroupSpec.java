package dev.pate.datasets.groups;

import dev.pate.files.DpPreconditions;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One declared privacy group.
 *
 * @param name the group's name, as the source spells it
 * @param epsilon the group's budget
 * @param delta the delta at which the budget holds
 * @param teachers weighting: the number of teachers of this group (public, from the config);
 *     empty for upsampling
 */
public record GroupSpec(String name, double epsilon, double delta, OptionalInt teachers) {
  public GroupSpec {
    Objects.requireNonNull(name, "name");
    DpPreconditions.checkPositive(epsilon, "epsilon of group " + name);
    DpPreconditions.checkDelta(delta, "delta of group " + name);
    Objects.requireNonNull(teachers, "teachers");
    if (teachers.isPresent()) {
      DpPreconditions.checkAtLeast(teachers.getAsInt(), 1, "teachers of group " + name);
    }
  }
}
