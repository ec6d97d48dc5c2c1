package dev.pate.cli;

import dev.pate.datasets.progress.ProgressBar;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The console's view of a run: a progress bar per stage that counts steps (unless quiet), and
 * "pate:" lines, which the run's log keeps too.
 */
final class ConsoleListener implements PipelineListener {
  private final PrintStream out;
  private final boolean bars;
  private final RunLog log;
  private final Map<Stage, ProgressBar> progress = new EnumMap<>(Stage.class);
  private volatile Path runFolder;

  /** A study's console: bars, and no log (each point's folder has its report). */
  ConsoleListener(PrintStream out) {
    this(out, true, null);
  }

  /**
   * @param bars whether to draw progress bars ({@code --quiet} turns them off)
   * @param log where the lines go besides {@code out}, opened in the run folder once it exists;
   *     null for none
   */
  ConsoleListener(PrintStream out, boolean bars, RunLog log) {
    this.out = out;
    this.bars = bars;
    this.log = log;
  }

  @Override
  public synchronized void stageStarted(Stage stage, int steps) {
    if (bars && steps > 0) {
      progress.put(stage, new ProgressBar(stage.name().toLowerCase(Locale.ROOT), steps, out));
    }
  }

  @Override
  public void step(Stage stage, String note) {
    ProgressBar bar;
    synchronized (this) {
      bar = progress.get(stage);
    }
    if (bar != null) {
      if (!note.isEmpty()) {
        bar.note(note);
      }
      bar.step();
    }
  }

  @Override
  public synchronized void stageDone(Stage stage) {
    ProgressBar bar = progress.remove(stage);
    if (bar != null) {
      bar.done();
    }
  }

  @Override
  public void message(String line) {
    out.println("pate: " + line);
    if (log != null) {
      log.line("pate: " + line);
    }
  }

  @Override
  public void runFolderOpened(Path folder) {
    runFolder = folder;
    if (log != null) {
      log.open(folder);
    }
  }

  /** The run's folder once it exists: where an interrupted run is resumed. */
  Optional<Path> runFolder() {
    return Optional.ofNullable(runFolder);
  }
}
