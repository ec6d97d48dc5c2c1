package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Expected utility and expected data-dependent epsilon of mechanism settings on one profile.
 *
 * <p><b>Accuracy</b> is computed exactly (no Monte-Carlo) for the integer noise runs draw, ties
 * broken uniformly at random as {@code NoisyArgMax} does: with the target count {@code n_0}, the
 * others {@code n_j} and iid noise Z,
 * {@code Pr[correct] = sum_z P(Z = z) E[1/(1 + K) ; no other above n_0 + z]}, K the number of
 * others tied with {@code n_0 + z}; the inner expectation is {@code integral_0^1 prod_j (P(n_j + Z
 * < v) + t P(n_j + Z = v)) dt}, a polynomial in t integrated term by term. The noise is tabulated
 * to a mass below 1e-20 outside ({@link NoiseTable}).
 *
 * <p><b>Answer probability</b> of Confident-GNMax: {@code Pr[max + Z1 >= T]} for the discrete
 * Gaussian Z1, exactly what {@code ConfidentGnMax} decides. Threshold and answer noise are
 * independent, so a query is answered and correct with probability {@code Pr[answered]
 * Pr[correct]}.
 *
 * <p>Accuracy tables are cached per answer-noise value: Confident-GNMax candidates that share
 * sigma2 share them. Thread-safe.
 */
final class UtilityEstimator {
  private final VoteProfile profile;
  private final int queries;
  private final Budget budget;
  private final NoiseKind accountingNoise;
  private final Map<String, double[]> correctByNoise = new ConcurrentHashMap<>();

  UtilityEstimator(VoteProfile profile, int queries, Budget budget, NoiseKind accountingNoise) {
    this.profile = Objects.requireNonNull(profile, "profile");
    this.queries = queries;
    this.budget = Objects.requireNonNull(budget, "budget");
    this.accountingNoise = Objects.requireNonNull(accountingNoise, "accountingNoise");
  }

  ExpectedUtility estimate(Mechanism mechanism) {
    List<VoteProfile.Row> rows = profile.rows();
    double[] correct;
    QueryAccounting accounting;
    ConfidentGnmaxAccounting confident = null;
    ConfidentGnmaxAccounting answerModel = null;
    if (mechanism instanceof Mechanism.Lnmax l) {
      correct = correctProbabilities("lnmax " + l.gamma(), () -> NoiseTable.laplace(l.gamma()));
      accounting = l.accounting(budget.orders(), accountingNoise);
    } else if (mechanism instanceof Mechanism.Gnmax g) {
      correct = correctProbabilities("gnmax " + g.sigma(), () -> NoiseTable.gaussian(g.sigma()));
      accounting = g.accounting(budget.orders(), accountingNoise);
    } else if (mechanism instanceof Mechanism.ConfidentGnmax c) {
      correct = correctProbabilities("gnmax " + c.sigma2(),
          () -> NoiseTable.gaussian(c.sigma2()));
      confident = c.accounting(budget.orders(), accountingNoise);
      // The answer probability of the discrete threshold check runs make, whatever is accounted.
      answerModel = accountingNoise == NoiseKind.DISCRETE ? confident
          : c.accounting(budget.orders(), NoiseKind.DISCRETE);
      accounting = confident;
    } else {
      throw new IllegalArgumentException("mechanism: no utility model for " + mechanism.id());
    }
    double[] rdp = new double[budget.orders().size()];
    double answered = 0;
    double expectedCorrect = 0;
    for (int r = 0; r < rows.size(); r++) {
      VoteProfile.Row row = rows.get(r);
      double prAnswered =
          answerModel == null ? 1 : Math.exp(answerModel.logPrAnswered(row.counts()));
      double[] cost = confident != null
          ? confident.expectedRdp(row.counts())
          : accounting.dataDependentRdp(row.counts(), true);
      double weight = row.weight() * queries;
      for (int i = 0; i < rdp.length; i++) {
        rdp[i] += weight * cost[i];
      }
      answered += weight * prAnswered;
      expectedCorrect += weight * prAnswered * correct[r];
    }
    // Each query's data-dependent RDP is at most its data-independent one (every accounting here
    // caps it so); the cap on the total only removes the rounding of summing weighted rows.
    double[] independent = accounting.dataIndependentRdp();
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = Math.min(rdp[i], queries * independent[i]);
    }
    double accuracy = answered > 0 ? Math.min(1, expectedCorrect / answered) : 0;
    return new ExpectedUtility(answered, accuracy, expectedCorrect,
        RdpConversions.epsilon(budget.orders(), rdp, budget.delta(), budget.conversion()));
  }

  private double[] correctProbabilities(String key, Supplier<NoiseTable> table) {
    return correctByNoise.computeIfAbsent(key, k -> {
      NoiseTable noise = table.get();
      List<VoteProfile.Row> rows = profile.rows();
      double[] out = new double[rows.size()];
      double[] scratch = new double[profile.classes()];
      for (int r = 0; r < out.length; r++) {
        out[r] = probabilityCorrect(rows.get(r).counts(), noise, scratch);
      }
      return out;
    });
  }

  /**
   * {@code Pr[noisy arg max = class 0]} for integer counts with iid noise from the table, ties
   * broken uniformly at random (see the class comment). {@code poly} is scratch of length
   * {@code counts.length}.
   */
  static double probabilityCorrect(double[] counts, NoiseTable noise, double[] poly) {
    long target = (long) counts[0];
    long maxOther = Long.MIN_VALUE;
    for (int j = 1; j < counts.length; j++) {
      maxOther = Math.max(maxOther, (long) counts[j]);
    }
    long reach = noise.reach;
    double total = 0;
    // Below zFrom the largest other count is surely above the target's noisy count.
    long zFrom = Math.max(-reach, maxOther - target - reach);
    for (long z = zFrom; z <= reach; z++) {
      long v = target + z;
      if (v - maxOther - 1 >= reach) {
        total += noise.survival(z); // every other count is surely below v from here on
        break;
      }
      int degree = 0;
      poly[0] = 1;
      for (int j = 1; j < counts.length; j++) {
        if (degree == 0 && poly[0] == 0) {
          break; // some other count is surely above v: the product is 0
        }
        long d = v - (long) counts[j];
        double below = noise.cdf(d - 1); // P(n_j + Z < v)
        double tied = noise.pmf(d); // P(n_j + Z = v)
        if (tied == 0) {
          for (int k = 0; k <= degree; k++) {
            poly[k] *= below;
          }
        } else {
          degree++;
          poly[degree] = poly[degree - 1] * tied;
          for (int k = degree - 1; k >= 1; k--) {
            poly[k] = poly[k] * below + poly[k - 1] * tied;
          }
          poly[0] *= below;
        }
      }
      double expectedShare = 0;
      for (int k = 0; k <= degree; k++) {
        expectedShare += poly[k] / (k + 1);
      }
      total += noise.pmf(z) * expectedShare;
    }
    return Math.min(1, total);
  }
}
