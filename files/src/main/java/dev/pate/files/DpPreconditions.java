package dev.pate.files;

/**
 * The argument checks of pate's privacy code in one place, as Google's differential privacy
 * library has {@code DpPreconditions}: each names the parameter, the value and what was expected,
 * in the one format also used for config keys, {@code "<name>: <value> is not <expected>"} (e.g.
 * {@code delta: 1.5 is not in (0, 1)}). Each returns the value it checked.
 *
 * <p>Which exception: these throw {@link IllegalArgumentException}, because a violated
 * precondition is a bug in the calling code, and the command line reports it as one (exit 1).
 * A value that came from the user (a config key, a command-line option, a file) is checked first
 * where it is read, by the config's declared ranges or by the reader, which throws a {@link
 * UserError} naming the key, option or file and line; by the time it reaches these checks it is
 * valid, so a failure here always means pate passed something it should not have.
 */
public final class DpPreconditions {
  private DpPreconditions() {}

  /** {@code value} is a number, not NaN or infinite. */
  public static double checkFinite(double value, String name) {
    return check(Double.isFinite(value), value, name, "a finite number");
  }

  /** {@code value} is finite and {@code > 0}: a noise scale, a budget's epsilon. */
  public static double checkPositive(double value, String name) {
    return check(value > 0 && Double.isFinite(value), value, name, "a finite number > 0");
  }

  /** {@code value} is finite and {@code >= 0}: an epsilon spent, an RDP cost. */
  public static double checkNonNegative(double value, String name) {
    return check(value >= 0 && Double.isFinite(value), value, name, "a finite number >= 0");
  }

  /** {@code delta} is in the open interval (0, 1), as the delta of an (epsilon, delta) guarantee. */
  public static double checkDelta(double delta, String name) {
    return check(delta > 0 && delta < 1, delta, name, "in (0, 1)");
  }

  /** {@code p} is a probability, in the closed interval [0, 1]. */
  public static double checkProbability(double p, String name) {
    return check(p >= 0 && p <= 1, p, name, "in [0, 1]");
  }

  /** {@code order} is a Renyi order at which a bound is read: finite and {@code > 1}. */
  public static double checkOrder(double order, String name) {
    return check(order > 1 && Double.isFinite(order), order, name, "a finite order > 1");
  }

  /** {@code count} is at least {@code min}: a number of teachers, queries, classes. */
  public static long checkAtLeast(long count, long min, String name) {
    if (count < min) {
      throw new IllegalArgumentException(name + ": " + count + " is not >= " + min);
    }
    return count;
  }

  private static double check(boolean holds, double value, String name, String expected) {
    if (!holds) {
      throw new IllegalArgumentException(name + ": " + value + " is not " + expected);
    }
    return value;
  }
}
