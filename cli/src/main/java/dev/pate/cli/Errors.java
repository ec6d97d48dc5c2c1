package dev.pate.cli;

import dev.pate.files.UserError;
import java.io.UncheckedIOException;

/** Which failures are the user's to fix (exit 2, one line) and how to print them. */
final class Errors {
  private Errors() {}

  static boolean isUserError(Throwable e) {
    return e instanceof UserError
        || e instanceof dev.pate.config.ConfigException
        || e instanceof UserError
        || e instanceof UserError
        || e instanceof dev.pate.ledger.BudgetRefusal
        || e instanceof UserError
        || e instanceof IllegalArgumentException
        || e instanceof UncheckedIOException
        || e instanceof java.nio.file.NoSuchFileException;
  }
}
