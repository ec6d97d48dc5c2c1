package dev.pate.study;

import dev.pate.config.Randomness;
import dev.pate.config.Study;
import dev.pate.config.StudyPoint;
import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import dev.pate.ledger.BudgetRefusal;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.RunPlace;
import dev.pate.pipeline.multilabel.MultiLabelRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a study: each point not finished before, in grid order, through the same {@link
 * PatePipeline} as {@code pate run} ({@code runMultiLabel} for the points of a multi-label
 * config), in its own folder and with the shared teacher cache; then the results of all points. Killed at any moment (SIGINT or SIGKILL) and started again, it skips the
 * finished points, reuses every saved teacher, and finishes the interrupted point. A point the
 * private data set's budget refuses is recorded as refused and the study goes on; the results
 * leave it out and say so.
 */
public final class StudyRunner {
  private final Study study;
  private final StudyFolder folder;
  private final Path outDir;
  private final Path dataDir;
  private final PipelineListener listener;
  private volatile String current = "before the first point";

  /**
   * @param outDir the output folder: the study goes to outDir/name/, teachers to outDir/cache/
   * @param dataDir the data folder given on the command line, or null
   */
  public StudyRunner(Study study, Path outDir, Path dataDir, PipelineListener listener) {
    this.study = study;
    this.folder = StudyFolder.of(outDir, study.name());
    this.outDir = outDir;
    this.dataDir = dataDir;
    this.listener = listener;
  }

  public StudyFolder folder() {
    return folder;
  }

  /**
   * Runs every unfinished point, then writes and returns the results. Every unfinished point is
   * checked first (its folder, ledger and budget; see {@code PatePipeline#preflight}), so a point
   * that would be refused stops the study before the first point trains anything.
   */
  public StudyResults run(String source, List<String> overrides) {
    for (StudyPoint point : study.points()) {
      if (!folder.finished(point) && !restartsLabelling(point)) {
        PointRefusal.naming(point, () -> pipeline(point).preflight());
      }
    }
    folder.writeIndex(study, source, overrides);
    Thread interrupted = new Thread(() -> listener.message("study interrupted during "
        + current + "; run the same command again to finish it (finished points and saved"
        + " teachers are kept)"));
    Runtime.getRuntime().addShutdownHook(interrupted);
    try {
      for (StudyPoint point : study.points()) {
        runPoint(point);
      }
    } finally {
      removeHook(interrupted);
    }
    current = "writing the results";
    return StudyReport.write(study, folder);
  }

  private void runPoint(StudyPoint point) {
    String name = "point " + point.index() + "/" + study.points().size();
    if (folder.finished(point)) {
      listener.message("" + name + " finished before: " + point.label());
      return;
    }
    current = name;
    listener.message("" + name + ": " + point.label());
    Path pointFolder = folder.point(point);
    if (Files.exists(pointFolder.resolve("config.yaml"))) {
      prepareToFinish(point, pointFolder);
    }
    PointStatus status = PointStatus.running();
    folder.status(point, status);
    try {
      PatePipeline pipeline = pipeline(point);
      if (point.config().multiLabel().enabled()) {
        pipeline.runMultiLabel();
      } else {
        pipeline.run();
      }
    } catch (BudgetRefusal refused) {
      // Not a failure of the study: the data set's budget has no room for this point.
      folder.status(point, status.refused(OneLine.of(refused)));
      listener.message(name + " refused: " + OneLine.of(refused));
      return;
    } catch (RuntimeException e) {
      folder.status(point, status.failed(OneLine.of(e)));
      throw e;
    }
    folder.status(point, status.done());
    listener.message("" + name + " done");
    freeNativeMemory();
  }

  /**
   * Collects the finished point's teachers and student now. Their parameters live in ND4J's native
   * memory, freed only when the garbage collector reclaims the small Java objects that own them;
   * once those are in the old generation, a heap as empty as a sweep's may not collect them for
   * many points, and each finished ensemble's native memory stays resident meanwhile (a sweep was
   * ended by the kernel's OOM killer at 20.8 GB with a 6 GB heap; docs/platforms.md#memory). One
   * full collection per point costs far less than training the point.
   */
  private static void freeNativeMemory() {
    System.gc();
  }

  private PatePipeline pipeline(StudyPoint point) {
    return PatePipeline.builder(point.config()).dataDir(dataDir)
        .place(RunPlace.point(folder.point(point), outDir)).listener(listener).build();
  }

  /**
   * Whether an interrupted point starts its labelling over (its records are deleted before it
   * runs, so they are not checked before).
   */
  private boolean restartsLabelling(StudyPoint point) {
    return point.config().aggregator().randomness() == Randomness.SEEDED
        && Files.exists(folder.point(point).resolve("config.yaml"));
  }

  /**
   * An interrupted point. With secure noise its ledger is continued (as {@code run --resume}
   * does): answers drawn before were released and charged, and must not be drawn again. With
   * seeded noise (studies only, no real privacy) labelling starts over: the seeded noise draws the
   * very same answers again, so the point ends exactly as an uninterrupted one.
   */
  private void prepareToFinish(StudyPoint point, Path pointFolder) {
    if (point.config().aggregator().randomness() != Randomness.SEEDED) {
      listener.message("finishing the interrupted point, continuing its ledger");
      return;
    }
    listener.message("finishing the interrupted point; its seeded noise is drawn again from"
        + " the first query");
    try {
      // All together: a folder with votes but no ledger is refused as a lost ledger. A
      // multi-label point's votes are votes.npy.
      Files.deleteIfExists(pointFolder.resolve(Ledger.FILE));
      Files.deleteIfExists(pointFolder.resolve("labels.csv"));
      Files.deleteIfExists(pointFolder.resolve("votes.csv"));
      Files.deleteIfExists(pointFolder.resolve(MultiLabelRun.VOTES_FILE));
    } catch (IOException e) {
      throw new UserError("cannot restart " + pointFolder + ": " + e.getMessage(), e);
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is exiting (the study was interrupted): the hook is running or has run.
    }
  }
}
