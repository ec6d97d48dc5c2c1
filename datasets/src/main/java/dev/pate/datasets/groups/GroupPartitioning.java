package dev.pate.datasets.groups;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How the records of privacy groups are dealt to the teachers (Boenisch et al., PoPETs 2023), and
 * so how large a group's sensitivity multiplier may be: the one name of the method, for the
 * config, the planner's cap, the partitions and the reports.
 */
public enum GroupPartitioning {
  /**
   * Every record has multiplier 1 and the strictest group's budget: plain PATE with the strictest
   * budget for every record, the comparison the other two are measured against.
   */
  UNIFORM,
  /**
   * A record of group g goes to c_g distinct teachers of one ensemble, so changing it changes the
   * votes of at most c_g teachers; c_g cannot exceed the number of teachers.
   */
  UPSAMPLING,
  /**
   * Each group has teachers of its own, each trained on records of that group only; a teacher of
   * group g votes with weight w_g, so changing a record changes one vote worth w_g.
   */
  WEIGHTING;

  /** {@code uniform}, {@code upsampling} or {@code weighting}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The method with this id, if any. */
  public static Optional<GroupPartitioning> byId(String id) {
    return Arrays.stream(values()).filter(m -> m.id().equals(id)).findFirst();
  }

  /** The ids, comma-separated, for messages. */
  public static String ids() {
    return Arrays.stream(values()).map(GroupPartitioning::id).collect(Collectors.joining(", "));
  }

  /**
   * The largest sensitivity multiplier the method allows with {@code teachers} teachers: 1 for
   * uniform, the teacher count for upsampling (a record's copies go to distinct teachers), no
   * bound for weighting.
   */
  public int multiplierCap(int teachers) {
    return switch (this) {
      case UNIFORM -> 1;
      case UPSAMPLING -> teachers;
      case WEIGHTING -> Integer.MAX_VALUE;
    };
  }
}
