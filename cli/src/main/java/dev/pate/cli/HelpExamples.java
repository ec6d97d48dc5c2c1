package dev.pate.cli;

/**
 * The examples at the foot of every command's help. Each is written as the lines a shell takes
 * (continued with a backslash, none wider than {@value #WIDTH} columns), so that picocli never
 * wraps one and a copied example runs as it is; {@code HelpTextTest} checks it.
 */
final class HelpExamples {
  static final String HEADING = "%nExample:%n";
  /** picocli's default usage width. */
  static final int WIDTH = 80;

  private HelpExamples() {}
}
