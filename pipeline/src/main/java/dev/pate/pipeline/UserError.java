package dev.pate.pipeline;



/**
 * A problem with what the user gave (a file, a flag, a value): printed as one line, exit code 2.
 * Modules throw their own exception types; {@link Main} maps those to the same treatment.
 */
public final class UserError extends RuntimeException {
  public UserError(String message) {
    super(message);
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
  }
}
