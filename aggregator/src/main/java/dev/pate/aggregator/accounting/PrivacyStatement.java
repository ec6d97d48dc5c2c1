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
 * @param epsilonDataIndependent the guarantee: it holds whatever the votes were, for the reason
 *     {@code basis} gives; of the three figures, the only one that is a differential-privacy
 *     guarantee as it stands (provided the noise was drawn from a secret source)
 * @param basis why {@code epsilonDataIndependent} holds
 * @param epsilonSpent the data-independent cost of the steps that ran. Equal to the guarantee for
 *     mechanisms that always answer; for Confident-GNMax it leaves out the GNMax step of the
 *     queries that abstained, and which those were depends on the votes: not itself a guarantee
 * @param epsilonDataDependent the (smaller) bound that depends on the actual votes; itself a
 *     function of the private data, so not publishable as it stands (PATE 2018 Sec. 4 releases it
 *     through smooth sensitivity)
 */
public record PrivacyStatement(
    String mechanismId,
    NoiseKind noiseKind,
    Orders orders,
    long queries,
    long answered,
    EpsilonBound epsilonDataIndependent,
    GuaranteeBasis basis,
    EpsilonBound epsilonSpent,
    EpsilonBound epsilonDataDependent) {

  public PrivacyStatement {
    Objects.requireNonNull(mechanismId, "mechanismId");
    Objects.requireNonNull(noiseKind, "noiseKind");
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(epsilonDataIndependent, "epsilonDataIndependent");
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(epsilonSpent, "epsilonSpent");
    Objects.requireNonNull(epsilonDataDependent, "epsilonDataDependent");
    if (queries < 0 || answered < 0 || answered > queries) {
      throw new IllegalArgumentException(
          "answered: " + answered + " is not within 0.." + queries + " queries");
    }
  }
}
