package dev.pate.datasets;

import dev.pate.files.OneLine;
import java.nio.file.Path;

/**
 * A problem with input data: a missing, corrupt, truncated or wrongly checksummed file.
 *
 * <p>The message is always a single line that names the file, what was wrong and what was expected,
 * because the CLI prints it as is and exits with status 2; line breaks in a message are replaced by
 * spaces so that a cause's multi-line text cannot break that contract.
 */
public final class DataException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a one-line message (line breaks are flattened to spaces). */
  public DataException(String message) {
    super(OneLine.of(message));
  }

  /** Creates an exception with a one-line message and the low-level cause. */
  public DataException(String message, Throwable cause) {
    super(OneLine.of(message), cause);
  }

  /** Creates an exception whose message is {@code "<file>: <problem>"}. */
  public static DataException forFile(Path file, String problem) {
    return new DataException(file + ": " + problem);
  }

  /** Creates an exception whose message is {@code "<file>: <problem>"}, keeping the cause. */
  public static DataException forFile(Path file, String problem, Throwable cause) {
    return new DataException(file + ": " + problem, cause);
  }

  /** Short description of a low-level exception for a one-line message: class name and text. */
  public static String describe(Throwable t) {
    String text = t.getMessage();
    String type = t.getClass().getSimpleName();
    return text == null || text.isBlank() ? type : type + ": " + text;
  }

}
