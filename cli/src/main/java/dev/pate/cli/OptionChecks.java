package dev.pate.cli;

import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import java.util.function.Supplier;

/**
 * A command-line option checked where it is read, so that a value out of range is the user's
 * error naming the option (exit 2), while the same precondition failing later, on a value pate
 * computed, stays a bug (exit 1). The checks are the library's own ({@link
 * dev.pate.files.DpPreconditions}, an enum's {@code fromId}); their message, {@code "<name>:
 * <value> is not <expected>"}, is kept with the option in place of the parameter's name.
 */
final class OptionChecks {
  private OptionChecks() {}

  /** A check of {@link dev.pate.files.DpPreconditions}: value and name in, the value out. */
  interface Check {
    double check(double value, String name);
  }

  /** {@code value} of {@code option} if {@code check} accepts it. */
  static double check(String option, double value, Check check) {
    return parse(option, () -> check.check(value, option));
  }

  /** {@code count} of {@code option} if it is at least {@code min}. */
  static long atLeast(String option, long count, long min) {
    return parse(option, () -> DpPreconditions.checkAtLeast(count, min, option));
  }

  /** {@code count} of {@code option} if it is at least {@code min}. */
  static int atLeast(String option, int count, int min) {
    atLeast(option, (long) count, min);
    return count;
  }

  /** What {@code read} makes of the option's text, or the user's error naming the option. */
  static <T> T parse(String option, Supplier<T> read) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      String problem = e.getMessage() == null ? "" : e.getMessage();
      throw new UserError(option + ": " + problem.replaceFirst("^[-\\w.\\[\\]]+: ", ""), e);
    }
  }
}
