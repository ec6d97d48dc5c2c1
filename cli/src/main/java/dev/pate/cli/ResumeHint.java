package dev.pate.cli;

import java.nio.file.Path;

/**
 * The line that tells how to finish a run that stopped after its folder existed. Attached to the
 * error that stopped it (as a suppressed exception, printed by {@link Main} after the error's own
 * line), or printed by a shutdown hook when the run is interrupted (Ctrl-C, a kill that lets the
 * JVM shut down).
 */
final class ResumeHint extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ResumeHint(Path runFolder) {
    super(line(runFolder), null, false, false);
  }

  static String line(Path runFolder) {
    return "the run stopped before its end; finish it with: pate run --resume " + runFolder;
  }
}
