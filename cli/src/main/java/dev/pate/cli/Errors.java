package dev.pate.cli;

import dev.pate.files.OneLine;
import dev.pate.files.UserError;

/**
 * Which failures are the user's to fix and how each kind is said. Only a {@link UserError} is bad
 * input (exit 2, its own line): every module throws it where it checks what the user gave. Any
 * other exception escaping a command is a bug in pate (exit 1), even an {@code
 * IllegalArgumentException}: it means a check that should have named the user's input did not.
 */
final class Errors {
  private Errors() {}

  static boolean isUserError(Throwable e) {
    return e instanceof UserError;
  }

  /** The one line for an internal error: that it is a bug, what failed, how to see the trace. */
  static String internalErrorLine(Throwable e, boolean traceShown) {
    return "pate: internal error (a bug in pate, please report it): " + e.getClass().getName()
        + (e.getMessage() == null ? "" : ": " + OneLine.of(e))
        + (traceShown ? "" : " (run again with --verbose for the stack trace)");
  }
}
