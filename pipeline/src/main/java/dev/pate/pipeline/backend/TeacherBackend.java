package dev.pate.pipeline.backend;

import dev.pate.ensemble.TeacherRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where a run's teachers are trained and vote ({@code teachers.executor}). The teacher cache
 * decides which teachers are missing and keeps their files; a backend only trains and votes, so
 * every backend gives the same teachers, saved the same way. {@code local} is built in ({@link
 * TeacherBackends#local()}); others live in their own modules and are found through {@link
 * java.util.ServiceLoader} ({@link Provider}), so the pipeline never depends on Spark.
 */
public interface TeacherBackend {

  /**
   * Trains every teacher of {@code job} that {@link TeacherJob#finished()} lacks, each with the
   * seed derived from the run seed and its index, and saves it in {@link TeacherJob#folder()}
   * before {@code saved} is told its record (from any thread), so an interrupted training keeps
   * it.
   *
   * @return the votes of the whole ensemble (finished teachers included)
   */
  EnsembleVotes train(TeacherJob job, Consumer<TeacherRecord> saved);

  /** The votes of the complete ensemble of {@code records}, saved in {@code folder}. */
  EnsembleVotes load(Path folder, List<TeacherRecord> records, int numClasses);

  /** Makes the backend of one {@code teachers.executor} value; listed in META-INF/services. */
  interface Provider {

    /** The {@link ExecutorSettings#id()} of the executor this provider serves. */
    String executor();

    /**
     * The backend for {@code settings}, which are of this provider's executor.
     *
     * @throws IllegalArgumentException if they are another executor's (a bug of the caller)
     */
    TeacherBackend create(ExecutorSettings settings);
  }
}
