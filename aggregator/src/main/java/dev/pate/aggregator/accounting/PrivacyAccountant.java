package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.files.DpPreconditions;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Tracks the privacy of a labelling run query by query, guards its budget, and states its
 * guarantee. Mutable and not thread-safe: one accountant per labelling run.
 *
 * <p>Two running totals, each an RDP curve over the accounting's orders: the <b>spent</b> cost
 * ({@link QueryAccounting#spentRdp}: the data-independent cost of the steps each query ran) and the
 * <b>data-dependent</b> cost. Neither is a guarantee as it stands: which Confident-GNMax queries
 * abstain, and so what they spent, depends on the private votes.
 *
 * <p><b>The guarantee</b> ({@link PrivacyStatement#epsilonDataIndependent()}) is data-independent:
 *
 * <ul>
 *   <li>Without a budget, or for a mechanism that always answers: every query asked, charged at
 *       its worst case ({@link QueryAccounting#dataIndependentRdp()}). How many are asked then
 *       depends on the config alone (with a budget, each query costs the same, so the budget stops
 *       at the same query whatever the votes).
 *   <li>With a {@link Budget} and a mechanism that may abstain: {@link #refusal()} admits a query
 *       only if the spent total plus its worst-case charge is within the budget, so each step's
 *       cost is fixed before it runs and the spent total never exceeds the budget. That is a Renyi
 *       filter (Feldman and Zrnic, "Individual Privacy Accounting via a Renyi Filter", NeurIPS
 *       2021, Thm. 3.1): the whole adaptive run is (alpha, B(alpha))-RDP, where B is the largest
 *       spent curve the filter admits. A filter works at one order; here every per-step cost is
 *       a multiple of one curve u (for the Gaussian steps, {@code alpha / sigma^2}), so spent
 *       totals are {@code s u} and one scalar condition {@code s <= s*} filters every order at
 *       once: {@code B = s* u}. The guarantee is the smaller of {@code s* u} and every allowed
 *       query at its worst case, {@code maxQueries u}.
 * </ul>
 *
 * <p>A mechanism that runs after the queries on the same data at a cost fixed in advance (the
 * smooth-sensitivity release of the data-dependent epsilon) is <b>reserved</b>: its curve is
 * added to the guarantee, and the budget admits queries only while it still fits beside them.
 */
public final class PrivacyAccountant {
  private final QueryAccounting accounting;
  private final Optional<Budget> budget;
  private final int maxQueries;
  private final double[] worstCase;
  /** A later mechanism's cost, reserved from the start (e.g. a data-dependent release). */
  private final double[] reserved;
  private boolean reserveCharged;
  /** s* of the class comment (0 without a budget). */
  private final double filterLimit;
  private final RdpLedger spent;
  private final RdpLedger dataDependent;
  private long queries;
  private long answered;

  /** An accountant without a budget or a limit on queries: every query is admitted. */
  public PrivacyAccountant(QueryAccounting accounting) {
    this(accounting, Optional.empty(), Integer.MAX_VALUE);
  }

  /**
   * An accountant for a run that asks at most {@code maxQueries} queries and, with a {@code
   * budget}, admits a query only while its worst-case charge keeps the spent total within it.
   *
   * @throws IllegalArgumentException if the budget's orders are not the accounting's, {@code
   *     maxQueries < 0}, or the mechanism may abstain and its costs are not multiples of one curve
   */
  public PrivacyAccountant(QueryAccounting accounting, Optional<Budget> budget, int maxQueries) {
    this(accounting, budget, maxQueries, new double[accounting.orders().size()]);
  }

  /**
   * As {@link #PrivacyAccountant(QueryAccounting, Optional, int)}, with the cost {@code reserved}
   * (one value per order, {@code +inf} where it has no bound) of one more mechanism that runs
   * after the queries on the same data, such as the smooth-sensitivity release of the
   * data-dependent epsilon. It is part of the guarantee from the start, the budget admits queries
   * only while it still fits beside them, and {@link #chargeReserved()} adds it to the spent and
   * data-dependent totals when it runs. Its cost is fixed in advance, so the Renyi filter's
   * argument holds for the queries' part and the reserved part composes after it.
   */
  public PrivacyAccountant(QueryAccounting accounting, Optional<Budget> budget, int maxQueries,
      double[] reserved) {
    this.accounting = Objects.requireNonNull(accounting, "accounting");
    this.reserved = Objects.requireNonNull(reserved, "reserved").clone();
    this.budget = Objects.requireNonNull(budget, "budget");
    DpPreconditions.checkAtLeast(maxQueries, 0, "maxQueries");
    this.maxQueries = maxQueries;
    this.worstCase = accounting.dataIndependentRdp();
    this.spent = new RdpLedger(accounting.orders());
    this.dataDependent = new RdpLedger(accounting.orders());
    spent.checkAddable(this.reserved);
    budget.ifPresent(b -> {
      if (!b.orders().equals(accounting.orders())) {
        throw new IllegalArgumentException("budget: its orders are not the accounting's orders");
      }
      if (accounting.abstentionSpendsLess()) {
        requireMultiple(accounting.spentRdp(false), worstCase);
        requireMultiple(accounting.spentRdp(true), worstCase);
      }
    });
    this.filterLimit = budget.isPresent() ? filterLimit(budget.get()) : 0;
  }

  /**
   * Charges one query with its vote counts (one per class) and whether it was answered. Both
   * costs are computed before either ledger changes, so a rejected query charges nothing.
   */
  public void charge(double[] counts, boolean answered) {
    add(costOf(counts, answered));
  }

  /** What {@link #charge} would add for this query, without adding it. */
  public QueryCharge costOf(double[] counts, boolean answered) {
    return new QueryCharge(answered, accounting.spentRdp(answered),
        accounting.dataDependentRdp(counts, answered));
  }

  /** Adds a charge computed by {@link #costOf} (or read back from a run's ledger). */
  public void add(QueryCharge charge) {
    checkAddable(charge);
    spent.add(charge.spentRdp());
    dataDependent.add(charge.dataDependentRdp());
    queries++;
    if (charge.answered()) {
      this.answered++;
    }
  }

  /**
   * Throws the exception {@link #add} would throw for this charge, without adding it (lets a
   * caller that keeps several accountants validate every charge before changing any).
   */
  public void checkAddable(QueryCharge charge) {
    spent.checkAddable(charge.spentRdp());
    dataDependent.checkAddable(charge.dataDependentRdp());
  }

  /**
   * Why the next query must not be asked: the run asked every query it may ask, or the next
   * query's worst-case charge would take the spent total over the budget. Empty while neither
   * holds. Depends on nothing but the answers released so far (whether each was answered), so
   * stopping here leaks nothing more.
   */
  public Optional<String> refusal() {
    if (queries >= maxQueries) {
      return Optional.of("queries: all " + maxQueries + " queries the run may ask were asked");
    }
    if (budget.isEmpty()) {
      return Optional.empty();
    }
    Budget b = budget.get();
    double next = spentEpsilonWith(plus(worstCase, reserveLeft()), b.delta(), b.conversion())
        .epsilon();
    if (next <= b.epsilon()) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "budget: the next query's worst-case charge"
        + " would take the spent epsilon to %.4f > %s at delta %s", next, b.epsilon(),
        b.delta()));
  }

  /**
   * Adds the reserved mechanism's cost to the spent and data-dependent totals, once, when it
   * runs (it is in the guarantee already).
   */
  public void chargeReserved() {
    if (reserveCharged) {
      throw new IllegalStateException("reserved: charged already; it runs once");
    }
    spent.add(reserved);
    dataDependent.add(reserved);
    reserveCharged = true;
  }

  /** The reserved cost, one value per order (zeros when nothing is reserved). */
  public double[] reserved() {
    return reserved.clone();
  }

  private double[] reserveLeft() {
    return reserveCharged ? new double[reserved.length] : reserved;
  }

  private static double[] plus(double[] a, double[] b) {
    double[] sum = a.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += b[i];
    }
    return sum;
  }

  /** The spent epsilon if {@code extra} were spent too. */
  public EpsilonBound spentEpsilonWith(double[] extra, double delta, Conversion conversion) {
    double[] total = spent.rdp();
    for (int i = 0; i < total.length; i++) {
      total[i] += extra[i];
    }
    return RdpConversions.epsilon(accounting.orders(), total, delta, conversion);
  }

  /** The guarantee and the other figures at this delta, each minimised over the orders. */
  public PrivacyStatement report(double delta, Conversion conversion) {
    return new PrivacyStatement(accounting.mechanismId(), accounting.noiseKind(),
        accounting.orders(), queries, answered,
        RdpConversions.epsilon(accounting.orders(), guaranteeRdp(), delta, conversion), basis(),
        spent.epsilon(delta, conversion), dataDependent.epsilon(delta, conversion));
  }

  /**
   * The guarantee as an RDP curve, one value per order: what composes with other runs over the
   * same private data (see the class comment for which worst case it is).
   */
  public double[] guaranteeRdp() {
    double[] guarantee = plus(scaled(worstCase, switch (basis()) {
      case EVERY_QUERY_ASKED -> queries;
      case EVERY_QUERY_ALLOWED -> maxQueries;
      case BUDGET_FILTER -> filterLimit;
    }), reserved);
    // Never below what was spent, not even by the rounding of a product against a sum.
    double[] spentRdp = spent.rdp();
    for (int i = 0; i < guarantee.length; i++) {
      guarantee[i] = Math.max(guarantee[i], spentRdp[i]);
    }
    return guarantee;
  }

  /**
   * The largest guarantee this run can end with, known before it asks anything: every query it
   * may ask at its worst case, or, with a budget, no more than the budget admits (the filter's
   * limit), plus the reserve; never below what was spent. What a data set's budget reserves for
   * the run before its teachers train.
   */
  public double[] worstCaseRdp() {
    double multiple = budget.isPresent() ? Math.min(maxQueries, filterLimit) : maxQueries;
    double[] worst = plus(scaled(worstCase, multiple), reserved);
    double[] spentRdp = spent.rdp();
    for (int i = 0; i < worst.length; i++) {
      worst[i] = Math.max(worst[i], spentRdp[i]);
    }
    return worst;
  }

  /** Which worst case the guarantee is (see the class comment). */
  public GuaranteeBasis basis() {
    if (budget.isEmpty() || !accounting.abstentionSpendsLess()) {
      return GuaranteeBasis.EVERY_QUERY_ASKED;
    }
    return filterLimit < maxQueries ? GuaranteeBasis.BUDGET_FILTER
        : GuaranteeBasis.EVERY_QUERY_ALLOWED;
  }

  /**
   * s*: the budget admits a spent total {@code s u} exactly when {@code s <= s*} (u the per-query
   * worst case). Found by bisection on the budget's own conversion, which increases with s; the
   * upper end of the final bracket is returned, so the limit is never understated.
   */
  private double filterLimit(Budget b) {
    double lo = 0;
    double hi = 1;
    while (admits(b, hi)) {
      lo = hi;
      hi *= 2;
      if (hi > 1e12) {
        return hi; // the budget admits more queries than any run asks
      }
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
      double mid = (lo + hi) / 2;
      if (admits(b, mid)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  private boolean admits(Budget b, double multiple) {
    return RdpConversions.epsilon(accounting.orders(), plus(scaled(worstCase, multiple), reserved),
        b.delta(), b.conversion()).epsilon() <= b.epsilon();
  }

  private static double[] scaled(double[] curve, double factor) {
    double[] out = new double[curve.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = curve[i] * factor;
    }
    return out;
  }

  /** Fails unless {@code curve = c * unit} at every order for one constant c (to rounding). */
  private static void requireMultiple(double[] curve, double[] unit) {
    double c = curve[0] / unit[0];
    for (int i = 0; i < curve.length; i++) {
      if (Math.abs(curve[i] - c * unit[i]) > 1e-9 * Math.abs(c * unit[i])) {
        throw new IllegalArgumentException("budget: the mechanism's per-step costs are not"
            + " multiples of one RDP curve, so a budget cannot filter every order at once");
      }
    }
  }

  public QueryAccounting accounting() {
    return accounting;
  }

  /** The budget this accountant guards, if any. */
  public Optional<Budget> budget() {
    return budget;
  }

  /** The most queries the run may ask ({@link Integer#MAX_VALUE}: no limit). */
  public int maxQueries() {
    return maxQueries;
  }

  public long queries() {
    return queries;
  }

  public long answered() {
    return answered;
  }

  /** A copy of the accumulated spent RDP, one value per order. */
  public double[] spentRdp() {
    return spent.rdp();
  }

  /** A copy of the accumulated data-dependent RDP, one value per order. */
  public double[] dataDependentRdp() {
    return dataDependent.rdp();
  }
}
