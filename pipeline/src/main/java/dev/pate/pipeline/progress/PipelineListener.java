package dev.pate.pipeline.progress;

/**
 * Told what a run is doing, for a progress display or a log. Every method has an empty default,
 * so an implementation overrides only what it shows. Calls come from the thread that runs the
 * pipeline, except {@link #step} of {@link Stage#TEACHERS}, which comes from the worker that
 * trained the teacher (implementations must be thread-safe there).
 */
public interface PipelineListener {
  /** A listener that ignores everything. */
  PipelineListener NONE = new PipelineListener() {};

  /** A stage starts; it will report {@code steps} steps (0 if it reports none). */
  default void stageStarted(Stage stage, int steps) {}

  /** One step of a stage is done; {@code note} says how it went (may be empty). */
  default void step(Stage stage, String note) {}

  /** A stage is done. */
  default void stageDone(Stage stage) {}

  /** A line worth telling a person: where the run folder is, what came from the cache, ... */
  default void message(String line) {}

  /**
   * The run's folder exists from here on (and is locked by this process): a run interrupted
   * after this can be finished with {@code pate run --resume folder}.
   */
  default void runFolderOpened(java.nio.file.Path folder) {}
}
