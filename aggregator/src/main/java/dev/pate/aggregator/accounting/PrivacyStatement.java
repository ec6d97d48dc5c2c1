package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import java.util.Objects;

/**
 * What a labelling run spent, read off a {@link PrivacyAccountant}: an immutable snapshot.
 *
 * @param mechanismId the mechanism ({@link QueryAccounting#mechanismId()})
 * @param noiseKind the noise the mechanism drew
 * @param orders the orders the ledgers tracked
 * @param queries how many queries were charged
 * @param answered how many of them were answered (the rest abstained)
 * @param epsilonDataIndependent the guarantee that holds whatever the votes were; this is the
 *     one that may be published as is
 * @param epsilonDataDependent the (smaller) guarantee that depends on the actual votes; it is
 *     itself a function of the private data and, before publication, needs its own treatment
 *     (e.g. smooth sensitivity, PATE 2018 Sec. 4)
 */
public record PrivacyStatement(
    String mechanismId,
    NoiseKind noiseKind,
    Orders orders,
    long queries,
    long answered,
    EpsilonBound epsilonDataIndependent,
    EpsilonBound epsilonDataDependent) {

  public PrivacyStatement {
    Objects.requireNonNull(mechanismId, "mechanismId");
    Objects.requireNonNull(noiseKind, "noiseKind");
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(epsilonDataIndependent, "epsilonDataIndependent");
    Objects.requireNonNull(epsilonDataDependent, "epsilonDataDependent");
    if (queries < 0 || answered < 0 || answered > queries) {
      throw new IllegalArgumentException(
          "answered: " + answered + " is not within 0.." + queries + " queries");
    }
  }
}
