package dev.pate.pipeline;

/**
 * A problem with what the user gave the pipeline (a config value, a file, a run folder), stated
 * in one line that names it. The command line prints it as is and exits with code 2; the other
 * modules throw their own types for the same purpose ({@code ConfigException}, {@code
 * DataException}, {@code LedgerException}, {@code VoteFileException}).
 */
public final class UserError extends RuntimeException {
  public UserError(String message) {
    super(message);
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
  }
}
