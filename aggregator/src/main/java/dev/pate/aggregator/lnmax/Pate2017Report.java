package dev.pate.aggregator.lnmax;

import dev.pate.aggregator.rdp.EpsilonBound;

/**
 * Everything the official PATE 2017 {@code analysis.py main()} prints for a set of queries, in
 * the given {@link Pate2017Variant}. Arrays hold one value per moment {@code l = 1..8} (orders
 * 2..9); they are copied in and out.
 *
 * @param totalLogMgf sum over queries of the data-dependent log moment
 * @param epsPerMoment {@code (totalLogMgf - ln delta) / l}
 * @param epsilon the minimum over moments (order = best moment + 1, classic conversion)
 * @param dataIndependentLogMgf queries times {@code logmgf_exact(1.0, 2 gamma, l)}
 * @param dataIndependentEpsPerMoment {@code (dataIndependentLogMgf - ln delta) / l}
 * @param dataIndependentEpsilon their minimum
 * @param smoothedSensPerMoment summed smooth sensitivities divided by {@code l}
 * @param ssEps privacy cost of releasing epsilon with smooth-sensitivity noise
 * @param ssScale the Laplace scale of that release, times {@code smoothedSensPerMoment}
 */
public record Pate2017Report(
    Pate2017Variant variant,
    int queries,
    double gamma,
    double delta,
    double beta,
    double[] totalLogMgf,
    double[] epsPerMoment,
    EpsilonBound epsilon,
    double[] dataIndependentLogMgf,
    double[] dataIndependentEpsPerMoment,
    EpsilonBound dataIndependentEpsilon,
    double[] smoothedSensPerMoment,
    double ssEps,
    double ssScale) {

  public Pate2017Report {
    totalLogMgf = totalLogMgf.clone();
    epsPerMoment = epsPerMoment.clone();
    dataIndependentLogMgf = dataIndependentLogMgf.clone();
    dataIndependentEpsPerMoment = dataIndependentEpsPerMoment.clone();
    smoothedSensPerMoment = smoothedSensPerMoment.clone();
  }

  /** The moment {@code l} that gave {@link #epsilon()} (its order minus 1). */
  public double bestMoment() {
    return epsilon.order() - 1;
  }

  /**
   * True when the last moment attains the minimum: {@code main()} then warns "May not have used
   * enough values of l".
   */
  public boolean bestIsLastMoment() {
    return epsPerMoment[epsPerMoment.length - 1] == epsilon.epsilon();
  }

  @Override
  public double[] totalLogMgf() {
    return totalLogMgf.clone();
  }

  @Override
  public double[] epsPerMoment() {
    return epsPerMoment.clone();
  }

  @Override
  public double[] dataIndependentLogMgf() {
    return dataIndependentLogMgf.clone();
  }

  @Override
  public double[] dataIndependentEpsPerMoment() {
    return dataIndependentEpsPerMoment.clone();
  }

  @Override
  public double[] smoothedSensPerMoment() {
    return smoothedSensPerMoment.clone();
  }
}
