package dev.pate.aggregator.groups;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a record of a privacy group with sensitivity multiplier s contributes s votes (Boenisch et
 * al., "Individualized PATE", PoPETs 2023). Both give the same accounting; they differ in how
 * teachers are formed.
 */
public enum GroupMethod {
  /**
   * A record of group g is placed in the partitions of s_g distinct teachers, so changing it
   * changes the votes of at most s_g teachers. s_g cannot exceed the number of teachers.
   */
  UPSAMPLING,
  /**
   * Teachers are formed per group, each from records of one group only, and a teacher of group g
   * votes with integer weight s_g; changing a record changes one teacher's vote, worth s_g.
   */
  WEIGHTING;

  /** {@code upsampling} or {@code weighting}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The method with this id, if any. */
  public static Optional<GroupMethod> byId(String id) {
    return Arrays.stream(values()).filter(m -> m.id().equals(id)).findFirst();
  }

  /** The ids, comma-separated, for messages. */
  public static String ids() {
    return Arrays.stream(values()).map(GroupMethod::id).collect(Collectors.joining(", "));
  }
}
