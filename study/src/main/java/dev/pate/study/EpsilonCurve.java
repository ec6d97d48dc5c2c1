package dev.pate.study;

/**
 * How a point's epsilon grew as its queries were answered, replayed from its ledger.
 *
 * @param label the point, e.g. {@code "250 teachers, gamma 0.05"}
 * @param noise the noise setting alone, e.g. {@code "gamma 0.05"} (its data-independent curve is
 *     the same for every teacher count)
 * @param answered queries answered so far, increasing, starting at 0
 * @param dataDependent the data-dependent epsilon after that many answers
 * @param dataIndependent the data-independent epsilon after that many answers
 */
public record EpsilonCurve(String label, String noise, double[] answered, double[] dataDependent,
    double[] dataIndependent) {

  public EpsilonCurve {
    if (answered.length != dataDependent.length || answered.length != dataIndependent.length) {
      throw new IllegalArgumentException("answered, dataDependent, dataIndependent: lengths "
          + answered.length + ", " + dataDependent.length + ", " + dataIndependent.length
          + " differ");
    }
    answered = answered.clone();
    dataDependent = dataDependent.clone();
    dataIndependent = dataIndependent.clone();
  }

  /** A copy: the curve stays as it was replayed. */
  @Override
  public double[] answered() {
    return answered.clone();
  }

  /** A copy: the curve stays as it was replayed. */
  @Override
  public double[] dataDependent() {
    return dataDependent.clone();
  }

  /** A copy: the curve stays as it was replayed. */
  @Override
  public double[] dataIndependent() {
    return dataIndependent.clone();
  }
}
