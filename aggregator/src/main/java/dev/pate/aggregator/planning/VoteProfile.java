package dev.pate.aggregator.planning;

import dev.pate.aggregator.votes.VoteMatrix;
import dev.pate.files.DpPreconditions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The vote counts a plan expects its queries to have, as a distribution over rows: each query is
 * assumed to look like a row drawn uniformly from the profile. Every row has a target class, the
 * label a query should get: the true class in the teacher-accuracy model, the plurality vote (what
 * a noiseless ensemble answers) for votes of an earlier or public run.
 *
 * <p>Rows are kept in a canonical form, target count first and the other counts in decreasing
 * order, with identical rows merged: every mechanism planned here treats the classes
 * symmetrically, so accuracy and cost depend on the row only through that form.
 */
public final class VoteProfile {
  /** Rows sampled by {@link #fromTeacherAccuracy} unless told otherwise. */
  public static final int DEFAULT_SAMPLES = 1000;
  /** Seed of that sampling unless told otherwise. */
  public static final long DEFAULT_SEED = 0;

  /** A canonical row (target count first) and the fraction of the profile it represents. */
  record Row(double[] counts, double weight) {}

  private final List<Row> rows;
  private final int classes;
  private final int sourceRows;
  private final double maxRowSum;
  private final String description;

  private VoteProfile(List<Row> rows, int classes, int sourceRows, double maxRowSum,
      String description) {
    this.rows = List.copyOf(rows);
    this.classes = classes;
    this.sourceRows = sourceRows;
    this.maxRowSum = maxRowSum;
    this.description = description;
  }

  /**
   * The rows of a vote matrix (an earlier or a public run), each with its plurality class (the
   * first one on ties, as {@code numpy.argmax}) as target. Counts must be whole numbers: the noise
   * planned for is integer noise on integer counts.
   */
  public static VoteProfile fromVotes(VoteMatrix votes) {
    Objects.requireNonNull(votes, "votes");
    if (!votes.integral()) {
      throw new IllegalArgumentException("votes: the counts are not all whole numbers; a profile"
          + " for planning needs the integer vote counts of a run");
    }
    double[] row = new double[votes.classes()];
    Builder builder = new Builder();
    for (int q = 0; q < votes.queries(); q++) {
      votes.copyRow(q, row);
      int target = 0;
      for (int c = 1; c < row.length; c++) {
        if (row[c] > row[target]) {
          target = c;
        }
      }
      builder.add(row, target);
    }
    return builder.build(votes.classes(), votes.queries(), votes.maxRowSum(),
        votes.queries() + " rows of a vote file (target: the plurality class)");
  }

  /**
   * A profile sampled from a model of independent teachers: on each of {@code samples} queries
   * every one of the {@code teachers} votes the true class with probability {@code accuracy} and
   * otherwise a class drawn uniformly among the other {@code classes - 1}; the target is the true
   * class (class 0 without loss of generality). Sampled with {@link SplittableRandom} from {@code
   * seed}, so the same arguments give the same profile.
   */
  public static VoteProfile fromTeacherAccuracy(double accuracy, int teachers, int classes,
      int samples, long seed) {
    DpPreconditions.checkProbability(accuracy, "accuracy");
    DpPreconditions.checkAtLeast(teachers, 1, "teachers");
    DpPreconditions.checkAtLeast(classes, 2, "classes");
    DpPreconditions.checkAtLeast(samples, 1, "samples");
    SplittableRandom random = new SplittableRandom(seed);
    Builder builder = new Builder();
    double[] counts = new double[classes];
    for (int s = 0; s < samples; s++) {
      Arrays.fill(counts, 0);
      for (int t = 0; t < teachers; t++) {
        if (random.nextDouble() < accuracy) {
          counts[0]++;
        } else {
          counts[1 + random.nextInt(classes - 1)]++;
        }
      }
      builder.add(counts, 0);
    }
    return builder.build(classes, samples, teachers, String.format(Locale.ROOT,
        "%d queries sampled (seed %d) from %d teachers of accuracy %s over %d classes", samples,
        seed, teachers, accuracy, classes));
  }

  /** {@link #fromTeacherAccuracy} with {@link #DEFAULT_SAMPLES} and {@link #DEFAULT_SEED}. */
  public static VoteProfile fromTeacherAccuracy(double accuracy, int teachers, int classes) {
    return fromTeacherAccuracy(accuracy, teachers, classes, DEFAULT_SAMPLES, DEFAULT_SEED);
  }

  public int classes() {
    return classes;
  }

  /** Rows the profile was built from (before merging identical ones). */
  public int sourceRows() {
    return sourceRows;
  }

  /** Distinct canonical rows. */
  public int distinctRows() {
    return rows.size();
  }

  /** The largest number of votes on one row (at most the number of teachers). */
  public double maxRowSum() {
    return maxRowSum;
  }

  /** Where the profile comes from, for reports. */
  public String description() {
    return description;
  }

  List<Row> rows() {
    return rows;
  }

  @Override
  public String toString() {
    return "VoteProfile[" + description + ", " + rows.size() + " distinct rows]";
  }

  /** Merges canonical rows, keeping first-seen order so sums over rows are deterministic. */
  private static final class Builder {
    private final Map<Key, long[]> counts = new LinkedHashMap<>();

    void add(double[] row, int target) {
      double[] canonical = new double[row.length];
      canonical[0] = row[target];
      double[] others = new double[row.length - 1];
      for (int c = 0, k = 0; c < row.length; c++) {
        if (c != target) {
          others[k++] = row[c];
        }
      }
      Arrays.sort(others);
      for (int k = 0; k < others.length; k++) {
        canonical[1 + k] = others[others.length - 1 - k];
      }
      counts.computeIfAbsent(new Key(canonical), key -> new long[1])[0]++;
    }

    VoteProfile build(int classes, int sourceRows, double maxRowSum, String description) {
      List<Row> rows = new ArrayList<>(counts.size());
      counts.forEach((k, n) -> rows.add(new Row(k.counts, (double) n[0] / sourceRows)));
      return new VoteProfile(rows, classes, sourceRows, maxRowSum, description);
    }
  }

  /** An array compared by content. */
  private record Key(double[] counts) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(k.counts, counts);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(counts);
    }
  }
}
