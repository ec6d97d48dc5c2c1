package dev.pate.aggregator.mechanism;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A PATE aggregation mechanism with its noise parameters: the one description of "which noisy
 * arg-max, with which noise" that configs, vote analysis, planning, labelling and the ledger header
 * share (as dp_accounting's {@code DpEvent}s are shared by its accountants). Each record knows its
 * {@link #id() id} and {@link #parameters() parameters} (what reports and the ledger header
 * record), the {@link #aggregator() aggregator} that answers queries with it, its {@link
 * #accounting accounting} (data-independent and data-dependent Renyi-DP, for discrete or
 * continuous noise) and the {@link #noiseName() noise} a run draws. A {@link Kind} is a mechanism
 * without its parameters: what a config names before the planner chooses the noise.
 *
 * <p><b>Adding a mechanism</b> is one record plus its accounting:
 *
 * <ol>
 *   <li>write its accounting, a {@link QueryAccounting} (data-independent and data-dependent RDP
 *       per query, for {@link NoiseKind#DISCRETE} and {@link NoiseKind#CONTINUOUS} noise), and its
 *       {@link Aggregator} if no existing one fits;
 *   <li>add a record here implementing this interface (validating its parameters in its compact
 *       constructor), add it to {@code permits}, and give it a {@link Kind} constant that names
 *       its id and parameters and builds the record from them.
 * </ol>
 *
 * <p>The compiler then points at every place that must decide what to do with it: the config's
 * choice of {@code aggregator.mechanism} and its noise keys, the planner, the analysis and the
 * ledger header all take their ids, parameter names and accounting from here.
 */
public sealed interface Mechanism
    permits Mechanism.Lnmax, Mechanism.Gnmax, Mechanism.ConfidentGnmax {

  /** This mechanism without its parameters. */
  Kind kind();

  /** The name used on the command line, in configs, reports and ledgers, e.g. {@code gnmax}. */
  default String id() {
    return kind().id();
  }

  /**
   * The noise parameters by name, in the order of {@link Kind#parameterNames()} (e.g. {@code
   * threshold, sigma1, sigma2}): what a ledger header records so that a resumed run cannot charge
   * with other noise than its report states. Equal to its accounting's {@link
   * QueryAccounting#parameters()}.
   */
  default Map<String, Double> parameters() {
    return MechanismParameters.named(kind().parameterNames(), parameterValues());
  }

  /** The parameter values, in the order of {@link Kind#parameterNames()}. */
  double[] parameterValues();

  /** The noisy aggregator that answers queries with discrete noise, as runs do. */
  Aggregator aggregator();

  /**
   * The per-query privacy cost of this mechanism.
   *
   * @param orders the Renyi orders at which to give it
   * @param noise the noise the answers were (or are assumed to be) drawn with: runs draw {@link
   *     NoiseKind#DISCRETE}; the papers analyse {@link NoiseKind#CONTINUOUS}
   */
  QueryAccounting accounting(Orders orders, NoiseKind noise);

  /** The noise a run with this mechanism draws, in words for reports. */
  String noiseName();

  /**
   * The mechanism {@code id} with {@code parameters}, as a ledger header records them.
   *
   * @throws IllegalArgumentException if {@code id} is no mechanism's, or the parameters are not
   *     exactly its own or out of range
   */
  static Mechanism of(String id, Map<String, Double> parameters) {
    return Kind.fromId(id).of(parameters);
  }

  /** The kinds of mechanism, with their ids and parameter names. */
  enum Kind {
    /** LNMax (Papernot et al. 2017). */
    LNMAX("lnmax", "gamma", "gamma"),
    /** GNMax (Papernot et al. 2018, Section 4.1). */
    GNMAX("gnmax", "sigma", "sigma"),
    /** Confident-GNMax (Papernot et al. 2018, Algorithm 1). */
    CONFIDENT_GNMAX("confident-gnmax", "sigma2", "threshold", "sigma1", "sigma2");

    private final String id;
    private final String answerNoise;
    private final List<String> parameterNames;

    Kind(String id, String answerNoise, String... parameterNames) {
      this.id = id;
      this.answerNoise = answerNoise;
      this.parameterNames = List.of(parameterNames);
    }

    /** {@code lnmax}, {@code gnmax} or {@code confident-gnmax}. */
    public String id() {
      return id;
    }

    /**
     * The parameter that sets the noise of the answers themselves (gamma, sigma, sigma2), the one
     * accuracy-against-noise studies plot.
     */
    public String answerNoiseParameter() {
      return answerNoise;
    }

    /** The names of this kind's noise parameters, in their fixed order. */
    public List<String> parameterNames() {
      return parameterNames;
    }

    /**
     * The mechanism of this kind with these parameters (exactly {@link #parameterNames()}).
     *
     * @throws IllegalArgumentException if a parameter is missing, unknown or out of range
     */
    public Mechanism of(Map<String, Double> parameters) {
      double[] v = MechanismParameters.values(id, parameterNames, parameters);
      return switch (this) {
        case LNMAX -> new Lnmax(v[0]);
        case GNMAX -> new Gnmax(v[0]);
        case CONFIDENT_GNMAX -> new ConfidentGnmax(v[0], v[1], v[2]);
      };
    }

    /** The kind whose id is exactly {@code id}, if any. */
    public static Optional<Kind> byId(String id) {
      return MechanismParameters.byId(Kind.class, Kind::id, id);
    }

    /**
     * The kind whose id is exactly {@code id}.
     *
     * @throws IllegalArgumentException naming the ids there are
     */
    public static Kind fromId(String id) {
      return byId(id).orElseThrow(() -> new IllegalArgumentException("mechanism: '" + id
          + "' is not one of " + ids()));
    }

    /** {@code lnmax, gnmax, confident-gnmax}. */
    public static String ids() {
      return MechanismParameters.ids(Kind.class, Kind::id);
    }
  }

  /**
   * LNMax (PATE 2017; 2018 Section 3): Laplace noise of scale {@code 1/gamma} on each count.
   *
   * @param gamma inverse noise scale (> 0)
   */
  record Lnmax(double gamma) implements Mechanism {
    public Lnmax {
      checkPositive(gamma, "gamma");
    }

    @Override
    public Kind kind() {
      return Kind.LNMAX;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {gamma};
    }

    @Override
    public NoisyArgMax aggregator() {
      return Aggregators.lnmax(gamma);
    }

    @Override
    public LnmaxAccounting accounting(Orders orders, NoiseKind noise) {
      return new LnmaxAccounting(gamma, orders, noise);
    }

    @Override
    public String noiseName() {
      return "discrete Laplace, scale 1/gamma, on integer vote counts";
    }
  }

  /**
   * GNMax (PATE 2018): Gaussian noise with standard deviation sigma on each count.
   *
   * @param sigma noise standard deviation (> 0)
   */
  record Gnmax(double sigma) implements Mechanism {
    public Gnmax {
      checkPositive(sigma, "sigma");
    }

    @Override
    public Kind kind() {
      return Kind.GNMAX;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {sigma};
    }

    @Override
    public NoisyArgMax aggregator() {
      return Aggregators.gnmax(sigma);
    }

    @Override
    public GnmaxAccounting accounting(Orders orders, NoiseKind noise) {
      return new GnmaxAccounting(sigma, orders, noise);
    }

    @Override
    public String noiseName() {
      return "discrete Gaussian, sigma, on integer vote counts";
    }
  }

  /**
   * Confident-GNMax (PATE 2018, Algorithm 1): answer only if {@code max count + N(0, sigma1^2) >=
   * threshold}, then GNMax with sigma2.
   *
   * @param threshold the noisy largest count must reach this for the query to be answered
   * @param sigma1 noise standard deviation of the threshold check (> 0)
   * @param sigma2 noise standard deviation of the noisy arg max (> 0)
   */
  record ConfidentGnmax(double threshold, double sigma1, double sigma2) implements Mechanism {
    public ConfidentGnmax {
      if (!Double.isFinite(threshold)) {
        throw new IllegalArgumentException("threshold: " + threshold + " is not a finite number");
      }
      checkPositive(sigma1, "sigma1");
      checkPositive(sigma2, "sigma2");
    }

    @Override
    public Kind kind() {
      return Kind.CONFIDENT_GNMAX;
    }

    @Override
    public double[] parameterValues() {
      return new double[] {threshold, sigma1, sigma2};
    }

    @Override
    public ConfidentGnMax aggregator() {
      return Aggregators.confidentGnmax(threshold, sigma1, sigma2);
    }

    @Override
    public ConfidentGnmaxAccounting accounting(Orders orders, NoiseKind noise) {
      return new ConfidentGnmaxAccounting(threshold, sigma1, sigma2, orders, noise);
    }

    @Override
    public String noiseName() {
      return "discrete Gaussian (sigma1 threshold check, sigma2 arg-max) on integer vote counts";
    }
  }

  private static void checkPositive(double value, String name) {
    MechanismParameters.checkPositive(value, name);
  }
}
