package dev.pate.aggregator.votes;

import dev.pate.files.OneLine;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A vote file that cannot be used as given. The message is one line: the file, where in it (a
 * CSV line and field, or an npy header field or element), and what was expected.
 */
public final class VoteFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /**
   * Line breaks in the problem (a header field quoted from the file may hold some) become spaces:
   * the message is one line.
   */
  public VoteFileException(Path file, String location, String problem) {
    super(OneLine.of(file + (location == null || location.isEmpty() ? "" : ", " + location)
        + ": " + problem));
    this.file = file;
  }

  /**
   * A file that cannot be read at all, said in a few words ({@code "no such file"}, {@code
   * "permission denied"}) rather than with the I/O exception's text, which repeats the path.
   */
  public static VoteFileException unreadable(Path file, IOException cause) {
    String problem;
    if (cause instanceof NoSuchFileException) {
      problem = "no such file";
    } else if (cause instanceof AccessDeniedException) {
      problem = "permission denied";
    } else if (Files.isDirectory(file)) {
      problem = "is a directory, expected a vote file";
    } else {
      // A FileSystemException's message repeats the path; its reason alone does not.
      String reason =
          cause instanceof FileSystemException f ? f.getReason() : cause.getMessage();
      problem = "cannot be read (" + cause.getClass().getSimpleName()
          + (reason == null ? "" : ": " + reason) + ")";
    }
    VoteFileException e = new VoteFileException(file, null, problem);
    e.initCause(cause);
    return e;
  }

  /** The offending file. */
  public Path file() {
    return file;
  }
}
