package dev.pate.cli;

import dev.pate.datasets.progress.ProgressBar;
import dev.pate.pipeline.PipelineListener;
import dev.pate.pipeline.Stage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The console's view of a run: a progress bar per stage that counts steps, and "pate:" lines. */
final class ConsoleListener implements PipelineListener {
  private final PrintStream out;
  private final Map<Stage, ProgressBar> bars = new EnumMap<>(Stage.class);
  private volatile Path runFolder;

  ConsoleListener(PrintStream out) {
    this.out = out;
  }

  @Override
  public synchronized void stageStarted(Stage stage, int steps) {
    if (steps > 0) {
      bars.put(stage, new ProgressBar(stage.name().toLowerCase(Locale.ROOT), steps, out));
    }
  }

  @Override
  public void step(Stage stage, String note) {
    ProgressBar bar;
    synchronized (this) {
      bar = bars.get(stage);
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
    ProgressBar bar = bars.remove(stage);
    if (bar != null) {
      bar.done();
    }
  }

  @Override
  public void message(String line) {
    out.println("pate: " + line);
  }

  @Override
  public void runFolderOpened(Path folder) {
    runFolder = folder;
  }

  /** The run's folder once it exists: where an interrupted run is resumed. */
  Optional<Path> runFolder() {
    return Optional.ofNullable(runFolder);
  }
}
