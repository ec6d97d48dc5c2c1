package dev.pate.student;

/**
 * How far a student's predictions over its unlabelled pool are from a class prior: the total
 * variation distance between the predicted class shares and the prior (half the sum of the
 * absolute differences, 0 when they agree, 1 at most). A student that folded part of one class
 * into another is far: one class's share swells, another's shrinks.
 */
final class PoolBalance {
  private PoolBalance() {}

  /**
   * @param predicted the student's class for each pool image, in {@code 0..prior.length - 1}
   * @param prior class shares summing to 1
   */
  static double distance(int[] predicted, double[] prior) {
    if (predicted.length == 0) {
      throw new IllegalArgumentException("predicted: no pool image to judge the student on");
    }
    int[] counts = new int[prior.length];
    for (int c : predicted) {
      counts[c]++;
    }
    double sum = 0;
    for (int c = 0; c < prior.length; c++) {
      sum += Math.abs((double) counts[c] / predicted.length - prior[c]);
    }
    return sum / 2;
  }
}
