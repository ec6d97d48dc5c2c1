package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.mechanism.MechanismParameters;
import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.rdp.Orders;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A multi-label PATE mechanism with its parameters (Dziedzic, Choquette-Choo et al., "Private
 * Multi-Winner Voting for Machine Learning", PoPETs 2023): the multi-label sibling of {@code
 * dev.pate.aggregator.mechanism.Mechanism}, whose aggregators answer one class per query. Like it,
 * each record knows its id, parameters, aggregator and {@link QueryAccounting}, so a multi-label
 * run composes, budgets (Renyi filter) and states its guarantee through the same {@code
 * PrivacyAccountant} and ledger path.
 *
 * <p>Neighbours: one teacher's whole vote vector replaced ({@link MultiLabelVotes}). Per query:
 *
 * <table>
 *   <caption>Sensitivity and data-independent RDP at order alpha</caption>
 *   <tr><th>mechanism</th><th>noisy statistic</th><th>L2 sensitivity</th><th>RDP</th></tr>
 *   <tr><td>binary-voting</td><td>K positive counts</td><td>sqrt K</td>
 *       <td>alpha K / (2 sigma^2)</td></tr>
 *   <tr><td>tau-voting</td><td>K clipped sums</td><td>&lt;= min(sqrt 2 tau, sqrt K), exactly
 *       {@link VoteClipping#sensitivitySquared()}</td><td>alpha Delta^2 / (2 sigma^2)</td></tr>
 *   <tr><td>powerset-voting</td><td>2^K subset counts</td><td>sqrt 2</td>
 *       <td>alpha / sigma^2, and GNMax's data-dependent bound</td></tr>
 * </table>
 */
public sealed interface MultiLabelMechanism
    permits MultiLabelMechanism.BinaryVoting, MultiLabelMechanism.TauVoting,
        MultiLabelMechanism.PowersetVoting {

  /** tau-voting's grid: clipped votes are sums of multiples of 1/1000 of a vote. */
  long TAU_GRID_SCALE = 1000;

  /** Powerset voting counts all {@code 2^K} subsets, so K is kept small. */
  int MAX_POWERSET_LABELS = 16;

  /** This mechanism without its parameters. */
  Kind kind();

  /** The name used on the command line, in reports and ledgers, e.g. {@code binary-voting}. */
  default String id() {
    return kind().id();
  }

  /** The number of labels K. */
  int labels();

  /** The parameter values, in the order of {@link Kind#parameterNames()}. */
  double[] parameterValues();

  /** The parameters by name, in the order of {@link Kind#parameterNames()}. */
  default Map<String, Double> parameters() {
    return MechanismParameters.named(kind().parameterNames(), parameterValues());
  }

  /** The aggregator that answers queries with discrete noise, as runs do. */
  MultiLabelAggregator aggregator();

  /** The per-query privacy cost (see the class table). */
  QueryAccounting accounting(Orders orders, NoiseKind noise);

  /**
   * The counts a query's data-dependent charge is computed from ({@code PrivacyAccountant.charge}):
   * the subset counts for Powerset voting, the per-label positive counts otherwise.
   */
  double[] accountingCounts(MultiLabelVotes votes);

  /** The noise a run with this mechanism draws, in words for reports. */
  String noiseName();

  /** The mechanism {@code id} with {@code parameters}, as a ledger header records them. */
  static MultiLabelMechanism of(String id, Map<String, Double> parameters) {
    return Kind.fromId(id).of(parameters);
  }

  /** The kinds of multi-label mechanism, with their ids and parameter names. */
  enum Kind {
    /** An independent noisy vote per label. */
    BINARY_VOTING("binary-voting", "labels", "sigma", "threshold"),
    /** Each teacher's vote vector clipped to L2 norm tau, then a noisy vote per label. */
    TAU_VOTING("tau-voting", "labels", "tau", "sigma", "threshold"),
    /** One GNMax vote over the label subsets. */
    POWERSET_VOTING("powerset-voting", "labels", "sigma");

    private final String id;
    private final List<String> parameterNames;

    Kind(String id, String... parameterNames) {
      this.id = id;
      this.parameterNames = List.of(parameterNames);
    }

    /** {@code binary-voting}, {@code tau-voting} or {@code powerset-voting}. */
    public String id() {
      return id;
    }

    /** The names of this kind's parameters, in their fixed order. */
    public List<String> parameterNames() {
      return parameterNames;
    }

    /**
     * The mechanism of this kind with exactly these parameters.
     *
     * @throws IllegalArgumentException if a parameter is missing, unknown or out of range
     */
    public MultiLabelMechanism of(Map<String, Double> parameters) {
      double[] v = MechanismParameters.values(id, parameterNames, parameters);
      int labels = labelCount(v[0]);
      return switch (this) {
        case BINARY_VOTING -> new BinaryVoting(labels, v[1], v[2]);
        case TAU_VOTING -> new TauVoting(labels, v[1], v[2], v[3]);
        case POWERSET_VOTING -> new PowersetVoting(labels, v[1]);
      };
    }

    /** The kind whose id is exactly {@code id}, if any. */
    public static Optional<Kind> byId(String id) {
      return MechanismParameters.byId(Kind.class, Kind::id, id);
    }

    /** The kind whose id is exactly {@code id}; else the exception names the ids there are. */
    public static Kind fromId(String id) {
      return byId(id).orElseThrow(() -> new IllegalArgumentException("mechanism: '" + id
          + "' is not one of " + ids()));
    }

    /** {@code binary-voting, tau-voting, powerset-voting}. */
    public static String ids() {
      return MechanismParameters.ids(Kind.class, Kind::id);
    }

    private static int labelCount(double value) {
      if (value != Math.rint(value) || value < 1 || value > MultiLabelVotes.MAX_LABELS) {
        throw new IllegalArgumentException("labels: " + value + " is not an integer in 1.."
            + MultiLabelVotes.MAX_LABELS);
      }
      return (int) value;
    }
  }

  /**
   * Binary voting: discrete Gaussian noise with standard deviation sigma on each label's count of
   * positive votes; positive iff the noisy count exceeds {@code threshold} times the teachers.
   * Sensitivity sqrt K: a replaced vote vector changes each count by at most one.
   */
  record BinaryVoting(int labels, double sigma, double threshold) implements MultiLabelMechanism {
    public BinaryVoting {
      MultiLabelVotes.checkLabels(labels);
      checkPositive(sigma, "sigma");
      checkThreshold(threshold);
    }

    @Override
    public Kind kind() {
      return Kind.BINARY_VOTING;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {labels, sigma, threshold};
    }

    @Override
    public ThresholdVoting aggregator() {
      return new ThresholdVoting(id(), VoteClipping.none(labels), new DiscreteGaussian(sigma),
          threshold);
    }

    @Override
    public LabelSumAccounting accounting(Orders orders, NoiseKind noise) {
      return new LabelSumAccounting(id(), parameters(),
          VoteClipping.none(labels).sensitivitySquared(), sigma, orders, noise);
    }

    @Override
    public double[] accountingCounts(MultiLabelVotes votes) {
      return Arrays.stream(votes.positiveCounts()).asDoubleStream().toArray();
    }

    @Override
    public String noiseName() {
      return "discrete Gaussian, sigma, on each label's integer count of positive votes";
    }
  }

  /**
   * tau-voting: each teacher's 0/1 vote vector clipped to L2 norm tau on a grid of
   * 1/{@value #TAU_GRID_SCALE} vote ({@link VoteClipping}), then discrete Gaussian noise with
   * standard deviation sigma (in votes; {@code TAU_GRID_SCALE * sigma} on the grid) on each
   * label's clipped sum; positive iff the noisy sum exceeds {@code threshold} times the teachers.
   */
  record TauVoting(int labels, double tau, double sigma, double threshold)
      implements MultiLabelMechanism {
    public TauVoting {
      MultiLabelVotes.checkLabels(labels);
      checkPositive(tau, "tau");
      checkPositive(sigma, "sigma");
      checkThreshold(threshold);
      if (sigma * TAU_GRID_SCALE > DiscreteGaussian.MAX_SIGMA) {
        throw new IllegalArgumentException("sigma: " + sigma + " is too large for the grid");
      }
    }

    /** The clipping with its exact grid weights and sensitivity. */
    public VoteClipping clipping() {
      return VoteClipping.tau(labels, tau, TAU_GRID_SCALE);
    }

    /**
     * sigma in grid units, {@code TAU_GRID_SCALE * sigma} computed on sigma's decimal value, so
     * that the sampler (which reads it as an exact decimal) and the accounting use one number.
     */
    public double sigmaOnGrid() {
      return new BigDecimal(Double.toString(sigma))
          .multiply(BigDecimal.valueOf(TAU_GRID_SCALE)).doubleValue();
    }

    @Override
    public Kind kind() {
      return Kind.TAU_VOTING;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {labels, tau, sigma, threshold};
    }

    @Override
    public ThresholdVoting aggregator() {
      return new ThresholdVoting(id(), clipping(), new DiscreteGaussian(sigmaOnGrid()), threshold);
    }

    @Override
    public LabelSumAccounting accounting(Orders orders, NoiseKind noise) {
      return new LabelSumAccounting(id(), parameters(), clipping().sensitivitySquared(),
          sigmaOnGrid(), orders, noise);
    }

    @Override
    public double[] accountingCounts(MultiLabelVotes votes) {
      return Arrays.stream(votes.positiveCounts()).asDoubleStream().toArray();
    }

    @Override
    public String noiseName() {
      return "discrete Gaussian, sigma, on each label's tau-clipped sum (grid 1/"
          + TAU_GRID_SCALE + " vote)";
    }
  }

  /**
   * Powerset voting: GNMax with sigma over the 2^K label subsets ({@link PowersetArgMax});
   * accounted exactly as GNMax, including its data-dependent bound on the subset counts.
   */
  record PowersetVoting(int labels, double sigma) implements MultiLabelMechanism {
    public PowersetVoting {
      if (labels < 1 || labels > MAX_POWERSET_LABELS) {
        throw new IllegalArgumentException("labels: " + labels + " is not in 1.."
            + MAX_POWERSET_LABELS + " (powerset voting counts all 2^labels subsets)");
      }
      checkPositive(sigma, "sigma");
    }

    @Override
    public Kind kind() {
      return Kind.POWERSET_VOTING;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {labels, sigma};
    }

    @Override
    public PowersetArgMax aggregator() {
      return new PowersetArgMax(labels, sigma);
    }

    @Override
    public PowersetAccounting accounting(Orders orders, NoiseKind noise) {
      return new PowersetAccounting(new GnmaxAccounting(sigma, orders, noise), parameters());
    }

    @Override
    public double[] accountingCounts(MultiLabelVotes votes) {
      return Arrays.stream(votes.subsetCounts()).asDoubleStream().toArray();
    }

    @Override
    public String noiseName() {
      return "discrete Gaussian, sigma, on the integer count of each label subset";
    }
  }

  private static void checkPositive(double value, String name) {
    MechanismParameters.checkPositive(value, name);
  }

  private static void checkThreshold(double threshold) {
    if (!(threshold > 0 && threshold < 1)) {
      throw new IllegalArgumentException("threshold: " + threshold
          + " is not a fraction of the teachers in (0, 1)");
    }
  }
}
