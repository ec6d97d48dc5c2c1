package dev.pate.aggregator.multilabel;

import java.util.Arrays;

/**
 * One query's teacher votes over {@code labels} labels: each teacher's vote is the set of labels it
 * says apply, a bit mask (bit {@code j} set = label {@code j} positive). This is the unit the
 * neighbour relation of every multi-label mechanism here is stated on: two vote sets are
 * neighbours when they differ in one teacher's whole vote vector (one teacher's training data
 * changed), the teacher count staying the same.
 *
 * @param labels the number of labels K, 1 to {@value #MAX_LABELS}
 * @param teacherVotes one bit mask per teacher, each below {@code 2^labels}; at least one teacher
 */
public record MultiLabelVotes(int labels, int[] teacherVotes) {

  /** Bit masks in an {@code int} (Powerset voting caps K lower, see its record). */
  public static final int MAX_LABELS = 30;

  public MultiLabelVotes {
    checkLabels(labels);
    if (teacherVotes.length == 0) {
      throw new IllegalArgumentException("teacherVotes: no teachers");
    }
    teacherVotes = teacherVotes.clone();
    for (int t = 0; t < teacherVotes.length; t++) {
      if (teacherVotes[t] < 0 || teacherVotes[t] >= (1 << labels)) {
        throw new IllegalArgumentException("teacherVotes[" + t + "]: " + teacherVotes[t]
            + " is not a bit mask over " + labels + " labels");
      }
    }
  }

  /** The votes from 0/1 rows, one row of {@code labels} entries per teacher. */
  public static MultiLabelVotes ofRows(int[][] rows) {
    if (rows.length == 0) {
      throw new IllegalArgumentException("rows: no teachers");
    }
    int labels = rows[0].length;
    checkLabels(labels);
    int[] masks = new int[rows.length];
    for (int t = 0; t < rows.length; t++) {
      if (rows[t].length != labels) {
        throw new IllegalArgumentException("rows[" + t + "]: " + rows[t].length
            + " labels, not " + labels);
      }
      for (int j = 0; j < labels; j++) {
        if (rows[t][j] != 0 && rows[t][j] != 1) {
          throw new IllegalArgumentException("rows[" + t + "][" + j + "]: " + rows[t][j]
              + " is not 0 or 1");
        }
        masks[t] |= rows[t][j] << j;
      }
    }
    return new MultiLabelVotes(labels, masks);
  }

  static void checkLabels(int labels) {
    if (labels < 1 || labels > MAX_LABELS) {
      throw new IllegalArgumentException("labels: " + labels + " is not in 1.." + MAX_LABELS);
    }
  }

  @Override
  public int[] teacherVotes() {
    return teacherVotes.clone();
  }

  /** The number of teachers. */
  public int teachers() {
    return teacherVotes.length;
  }

  /** How many teachers vote each label positive. */
  public int[] positiveCounts() {
    int[] counts = new int[labels];
    for (int mask : teacherVotes) {
      for (int j = 0; j < labels; j++) {
        counts[j] += (mask >>> j) & 1;
      }
    }
    return counts;
  }

  /** How many teachers vote for each label subset (index = bit mask), {@code 2^labels} entries. */
  public int[] subsetCounts() {
    int[] counts = new int[1 << labels];
    for (int mask : teacherVotes) {
      counts[mask]++;
    }
    return counts;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MultiLabelVotes v && v.labels == labels
        && Arrays.equals(v.teacherVotes, teacherVotes);
  }

  @Override
  public int hashCode() {
    return 31 * labels + Arrays.hashCode(teacherVotes);
  }

  @Override
  public String toString() {
    return "MultiLabelVotes[labels=" + labels + ", teachers=" + teacherVotes.length + "]";
  }
}
