package dev.pate.aggregator.votes;

import java.nio.file.Path;

/**
 * A vote file that cannot be used as given. The message is one line: the file, where in it (a
 * CSV line and field, or an npy header field or element), and what was expected.
 */
public final class VoteFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  public VoteFileException(Path file, String location, String problem) {
    super(file + (location == null || location.isEmpty() ? "" : ", " + location) + ": " + problem);
    this.file = file;
  }

  /** The offending file. */
  public Path file() {
    return file;
  }
}
