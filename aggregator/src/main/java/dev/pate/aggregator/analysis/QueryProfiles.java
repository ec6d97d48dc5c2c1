package dev.pate.aggregator.analysis;

import dev.pate.aggregator.votes.VoteMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The distinct vote profiles of a matrix: each row's counts sorted in decreasing order, with how
 * many rows share it. Every mechanism analysed here treats the classes symmetrically (its cost
 * depends on the gaps to the plurality and on the max count only), so a query's cost is a
 * function of its profile and is computed once per profile: the published SVHN matrix has 26 032
 * rows but 7 795 profiles. Profiles keep the order in which they first occur, so sums over them
 * are deterministic.
 */
public final class QueryProfiles {
  /** One distinct profile and the number of rows that have it. */
  record Profile(double[] counts, long multiplicity) {}

  private final List<Profile> profiles;

  private QueryProfiles(List<Profile> profiles) {
    this.profiles = profiles;
  }

  /** The profiles of every row of {@code votes}, in the order they first occur. */
  public static QueryProfiles of(VoteMatrix votes) {
    Map<Key, long[]> counts = new LinkedHashMap<>();
    double[] row = new double[votes.classes()];
    for (int q = 0; q < votes.queries(); q++) {
      votes.copyRow(q, row);
      double[] sorted = row.clone();
      Arrays.sort(sorted);
      reverse(sorted);
      counts.computeIfAbsent(new Key(sorted), k -> new long[1])[0]++;
    }
    List<Profile> out = new ArrayList<>(counts.size());
    counts.forEach((k, n) -> out.add(new Profile(k.counts, n[0])));
    return new QueryProfiles(out);
  }

  List<Profile> list() {
    return profiles;
  }

  /** The number of distinct profiles. */
  public int size() {
    return profiles.size();
  }

  private static void reverse(double[] v) {
    for (int i = 0, j = v.length - 1; i < j; i++, j--) {
      double t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  }

  /** An array compared by content (+0.0 and -0.0 differ, which cannot matter for counts). */
  private static final class Key {
    final double[] counts;
    final int hash;

    Key(double[] counts) {
      this.counts = counts;
      this.hash = Arrays.hashCode(counts);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(k.counts, counts);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
