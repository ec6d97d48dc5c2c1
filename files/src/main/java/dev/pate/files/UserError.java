package dev.pate.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A problem with what the user gave pate (a config value, an input file, a run folder, a ledger,
 * a budget), stated in one line that says where it is and what was expected. It is the only
 * exception the command line treats as the user's to fix (one line, exit 2); anything else
 * escaping a command is a bug in pate. Every module throws this type for bad input; a subclass
 * exists only where it carries more than a message (the config's line-numbered problems) or is
 * caught on its own (a budget's refusal).
 *
 * <p>Where: an optional {@link #file()} and an optional {@link #location()} within it (a line, a
 * line and field, a header field, a config key). The message is {@code <file>, <location>:
 * <problem>} with the absent parts left out, on one line (line breaks become spaces).
 */
public class UserError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String location;
  private final String problem;

  /** An error whose message already says where the problem is. */
  public UserError(String message) {
    this(null, null, message);
  }

  /** An error whose message already says where the problem is, keeping the low-level cause. */
  public UserError(String message, Throwable cause) {
    this(null, null, message);
    initCause(cause);
  }

  /**
   * Several problems found at once, for a subclass that keeps them (a config's): one problem is
   * the message as it is; several are {@code heading} and then each on its own line, which the
   * console joins into one line with "; ".
   */
  protected UserError(String heading, List<String> problems) {
    super(problems.size() == 1 ? problems.get(0)
        : heading + problems.stream().map(p -> "\n  " + p).collect(Collectors.joining()));
    this.file = null;
    this.location = null;
    this.problem = getMessage();
  }

  /**
   * An error in {@code file} (null if none) at {@code location} (null or empty if the whole file):
   * {@code "line 7"}, {@code "line 3, field 2"}, {@code "header field 'shape'"}.
   */
  public UserError(Path file, String location, String problem) {
    super(OneLine.of((file == null ? "" : file + (blank(location) ? "" : ", " + location) + ": ")
        + (file == null && !blank(location) ? location + ": " : "") + problem));
    this.file = file;
    this.location = blank(location) ? null : location;
    this.problem = problem;
  }

  /** An error whose message is {@code "<file>: <problem>"}. */
  public static UserError forFile(Path file, String problem) {
    return new UserError(file, null, problem);
  }

  /** An error whose message is {@code "<file>: <problem>"}, keeping the low-level cause. */
  public static UserError forFile(Path file, String problem, Throwable cause) {
    UserError e = forFile(file, problem);
    e.initCause(cause);
    return e;
  }

  /**
   * An input file that cannot be opened, said in a few words ({@code "no such file"}, {@code
   * "permission denied"}) rather than with the I/O exception's text, which repeats the path.
   * Thrown where the input is opened, so the message names the file the user gave.
   */
  public static UserError unreadable(Path file, IOException cause) {
    String problem;
    if (cause instanceof NoSuchFileException) {
      problem = "no such file";
    } else if (cause instanceof AccessDeniedException) {
      problem = "permission denied";
    } else if (Files.isDirectory(file)) {
      problem = "is a directory, expected a file";
    } else {
      // A FileSystemException's message repeats the path; its reason alone does not.
      String reason = cause instanceof FileSystemException f ? f.getReason() : cause.getMessage();
      problem = "cannot be read (" + cause.getClass().getSimpleName()
          + (reason == null ? "" : ": " + reason) + ")";
    }
    return forFile(file, problem, cause);
  }

  /** Short description of a low-level exception for a one-line message: class name and text. */
  public static String describe(Throwable t) {
    String text = t.getMessage();
    String type = t.getClass().getSimpleName();
    return text == null || text.isBlank() ? type : type + ": " + text;
  }

  /** The file the problem is in, or null if it concerns no one file. */
  public Path file() {
    return file;
  }

  /** Where in the file or config (a line, a field, a key), or null if not narrower than that. */
  public String location() {
    return location;
  }

  /** What was wrong and what was expected, without the where. */
  public String problem() {
    return problem;
  }

  private static boolean blank(String s) {
    return s == null || s.isEmpty();
  }
}
