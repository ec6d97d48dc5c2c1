package dev.pate.pipeline.baseline;

import dev.pate.config.BaselineConfig;
import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.files.AtomicFiles;
import dev.pate.files.Sha256;
import dev.pate.pipeline.cache.CachedEnsemble;
import dev.pate.pipeline.output.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The non-private ceiling kept beside the teachers it compares with, so that the points of a study
 * that share data, partitions and seed train it once instead of once each (a study of 54 points
 * over three seeds trained it 54 times). Keyed by the ensemble's key (seed, data, held-out set,
 * partitions: every private example the ceiling trains on), the student network's identity and
 * the baseline's epochs and batch size: equal keys train the same network from the same data and
 * seed, so a stored ceiling is the one a new training would give. Its {@code seconds} are those of
 * the training that made it.
 */
public final class CeilingStore {
  /** Bumped whenever what the ceiling trains on or how it is trained changes meaning. */
  static final String FORMAT = "pate-ceiling-1";

  private CeilingStore() {}

  /** The ceiling stored for these inputs, if a run stored one. */
  public static Optional<NonPrivateCeiling> stored(CachedEnsemble ensemble, NetworkSpec student,
      BaselineConfig baseline, Dataset holdout) {
    Path file = file(ensemble, student, baseline, holdout);
    return Files.isRegularFile(file) ? Optional.of(Json.read(file, NonPrivateCeiling.class))
        : Optional.empty();
  }

  /** Stores {@code ceiling}, trained on these inputs, for the next run (atomically). */
  public static void store(CachedEnsemble ensemble, NetworkSpec student, BaselineConfig baseline,
      Dataset holdout, NonPrivateCeiling ceiling) {
    AtomicFiles.writeString(file(ensemble, student, baseline, holdout), Json.write(ceiling));
  }

  /**
   * A ceiling of another kind (a multi-label run's) stored in the cached ensemble's {@code
   * folder} under {@code key}: a text that names everything the ceiling is a function of besides
   * the ensemble's own key, beginning with the format of that kind.
   */
  public static <T> Optional<T> stored(Path folder, String key, Class<T> type) {
    Path file = file(folder, key);
    return Files.isRegularFile(file) ? Optional.of(Json.read(file, type)) : Optional.empty();
  }

  /** Stores {@code ceiling} under {@code key} in the ensemble's {@code folder} (atomically). */
  public static void store(Path folder, String key, Object ceiling) {
    AtomicFiles.writeString(file(folder, key), Json.write(ceiling));
  }

  /** Where the ceiling of these inputs is kept: in the ensemble's folder, named by its key. */
  static Path file(CachedEnsemble ensemble, NetworkSpec student, BaselineConfig baseline,
      Dataset holdout) {
    String key = FORMAT + "\nensemble: " + ensemble.key().hash()
        + "\nstudent: " + student.identity(InputShape.of(holdout), holdout.numClasses())
        + "\nepochs: " + baseline.epochs().orElse(student.epochs())
        + "\nbatch_size: " + baseline.batchSize().orElse(student.batchSize()) + "\n";
    return file(ensemble.folder(), key);
  }

  private static Path file(Path folder, String key) {
    return folder.resolve("ceiling-" + Sha256.of(key).substring(0, 16) + ".json");
  }
}
