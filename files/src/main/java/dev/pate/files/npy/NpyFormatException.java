package dev.pate.files.npy;

import dev.pate.files.OneLine;
import java.nio.file.Path;

/**
 * An {@code .npy} file that does not hold what its format promises. The message is one line: the
 * file, where in it (a header field, the data), and what was expected; readers of a particular
 * kind of array (votes, images) rethrow it as their own error with the same parts.
 */
public final class NpyFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String location;
  private final String problem;

  /** Line breaks in the problem (a header quoted from the file may hold some) become spaces. */
  public NpyFormatException(Path file, String location, String problem) {
    super(OneLine.of(file + (location == null || location.isEmpty() ? "" : ", " + location)
        + ": " + problem));
    this.file = file;
    this.location = location;
    this.problem = problem;
  }

  /** The offending file. */
  public Path file() {
    return file;
  }

  /** Where in the file: {@code "magic"}, {@code "header field 'shape'"}, {@code "data"}. */
  public String location() {
    return location;
  }

  /** What was wrong and what was expected. */
  public String problem() {
    return problem;
  }
}
