package dev.pate.files;

import java.util.regex.Pattern;

/**
 * Messages on one line, as every user-facing error of pate is: a message quoting a file's header
 * or a library's multi-line text must not break the console's one line per problem.
 */
public final class OneLine {
  private static final Pattern BREAKS = Pattern.compile("\\s*[\\r\\n]+\\s*");
  /** A line ending in a colon introduces the next: it reads "3 problems in exp.yaml: a; b". */
  private static final Pattern AFTER_COLON = Pattern.compile(":\\s*[\\r\\n]+\\s*");

  private OneLine() {}

  /** {@code text} with each run of line breaks (and the blanks around it) one space; "" for null. */
  public static String of(String text) {
    return text == null ? "" : BREAKS.matcher(text).replaceAll(" ").strip();
  }

  /**
   * {@code e}'s message on one line, its lines joined with "; " (a message listing several
   * problems keeps each), or with a space after a line ending in a colon (a heading); the
   * exception's class name if it has no message.
   */
  public static String of(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String headed = AFTER_COLON.matcher(message.strip()).replaceAll(": ");
    return BREAKS.matcher(headed).replaceAll("; ");
  }
}
