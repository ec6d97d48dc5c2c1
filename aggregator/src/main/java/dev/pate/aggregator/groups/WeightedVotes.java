package dev.pate.aggregator.groups;

/**
 * The vote histogram of teachers that vote with integer weights (the weighting method: a teacher
 * of group g counts w_g times), in the integer form the aggregators take. Integer weights keep the
 * histogram integer, so the exact discrete samplers and their bounds still apply.
 */
public final class WeightedVotes {
  private WeightedVotes() {}

  /**
   * {@code counts[c] = sum of weights[t] over the teachers t with votes[t] == c}.
   *
   * @param votes one class per teacher, each in {@code [0, classes)}
   * @param weights one weight >= 1 per teacher
   * @param classes the number of classes, >= 2
   * @throws IllegalArgumentException if the lengths differ, a vote or weight is out of range, or a
   *     count exceeds {@link Integer#MAX_VALUE}
   */
  public static int[] counts(int[] votes, int[] weights, int classes) {
    if (votes == null || weights == null) {
      throw new IllegalArgumentException("votes, weights: null, expected one entry per teacher");
    }
    if (votes.length != weights.length) {
      throw new IllegalArgumentException("weights: " + weights.length + " weights for "
          + votes.length + " teachers' votes");
    }
    if (classes < 2) {
      throw new IllegalArgumentException("classes: " + classes + " is not >= 2");
    }
    int[] counts = new int[classes];
    for (int t = 0; t < votes.length; t++) {
      if (votes[t] < 0 || votes[t] >= classes) {
        throw new IllegalArgumentException(
            "votes[" + t + "]: " + votes[t] + " is not a class in [0, " + classes + ")");
      }
      if (weights[t] < 1) {
        throw new IllegalArgumentException("weights[" + t + "]: " + weights[t] + " is not >= 1");
      }
      try {
        counts[votes[t]] = Math.addExact(counts[votes[t]], weights[t]);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("weights: the count of class " + votes[t]
            + " exceeds " + Integer.MAX_VALUE, e);
      }
    }
    return counts;
  }
}
