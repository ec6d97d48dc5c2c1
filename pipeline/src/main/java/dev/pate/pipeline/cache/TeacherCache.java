package dev.pate.pipeline.cache;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.files.AtomicFiles;
import dev.pate.pipeline.PipelineListener;
import dev.pate.pipeline.Stage;
import dev.pate.pipeline.UserError;
import dev.pate.pipeline.report.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Trained ensembles under {@code <root>/<key hash>/} (see the package documentation for the
 * layout). {@link #obtain} returns the ensemble of a key, training only what the cache lacks.
 */
public final class TeacherCache {
  private static final String MANIFEST = "manifest.json";
  private static final String KEY = "key.json";
  static final String VOTES = "votes.csv";

  private final Path root;

  public TeacherCache(Path root) {
    this.root = root;
  }

  /** The cache of runs and studies written under {@code outputDir}: {@code outputDir/cache/teachers}. */
  public static TeacherCache under(Path outputDir) {
    return new TeacherCache(outputDir.resolve("cache").resolve("teachers"));
  }

  public Path root() {
    return root;
  }

  public Path folder(EnsembleKey key) {
    return root.resolve(key.hash());
  }

  /** The manifest of the complete ensemble of {@code key}, if the cache has one. */
  public Optional<EnsembleManifest> manifest(EnsembleKey key) {
    Path file = folder(key).resolve(MANIFEST);
    return Files.exists(file) ? Optional.of(Json.read(file, EnsembleManifest.class))
        : Optional.empty();
  }

  /** How many of the ensemble's {@code count} teachers the cache holds (all, some or none). */
  public int teachersSaved(EnsembleKey key, int count) {
    return manifest(key).isPresent() ? count : finishedTeachers(folder(key), count).size();
  }

  /** The public images (by test-set index) the complete ensemble of {@code key} has voted on. */
  public Set<Integer> votedImages(EnsembleKey key, int numClasses) {
    Optional<EnsembleManifest> manifest = manifest(key);
    if (manifest.isEmpty()) {
      return Set.of();
    }
    return new VoteStore(folder(key).resolve(VOTES), numClasses, manifest.get().teachers().size())
        .read().keySet();
  }

  /** The manifests of every complete ensemble in the cache (for cost estimates). */
  public List<EnsembleManifest> manifests() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> folders = Files.list(root)) {
      List<EnsembleManifest> manifests = new ArrayList<>();
      for (Path folder : folders.sorted().toList()) {
        Path file = folder.resolve(MANIFEST);
        if (Files.exists(file)) {
          manifests.add(Json.read(file, EnsembleManifest.class));
        }
      }
      return manifests;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
    }
  }

  /**
   * The ensemble of {@code key}: from the cache if complete; otherwise the teachers the cache
   * lacks are trained (those saved by an interrupted training are loaded instead), each saved as
   * soon as it is done, and the manifest written last.
   *
   * @param evaluation the held-out images each teacher's accuracy is measured on
   * @param runSeed the seed the teachers' seeds derive from
   */
  public CachedEnsemble obtain(EnsembleKey key, TeacherTraining training,
      TeacherPartitions partitions, Dataset evaluation, long runSeed,
      PipelineListener listener) {
    Path folder = folder(key);
    int numClasses = partitions.privateSet().numClasses();
    Optional<EnsembleManifest> cached = manifest(key);
    if (cached.isPresent()) {
      if (!cached.get().key().equals(key) || cached.get().teachers().size() != partitions.count()) {
        throw new UserError(folder + ": its manifest is not for this ensemble; delete the folder"
            + " and it is trained again");
      }
      return new CachedEnsemble(folder, cached.get(), numClasses, null, 0);
    }
    AtomicFiles.writeString(folder.resolve(KEY), Json.write(key));
    Map<Integer, TeacherRecord> finished = finishedTeachers(folder, partitions.count());
    listener.stageStarted(Stage.TEACHERS, partitions.count() - finished.size());
    Ensemble ensemble = new EnsembleTrainer(training).train(partitions.teachers(), evaluation,
        runSeed, folder, record -> {
          AtomicFiles.writeString(folder.resolve(recordFile(record.index())), Json.write(record));
          listener.step(Stage.TEACHERS, "");
        }, finished);
    listener.stageDone(Stage.TEACHERS);
    EnsembleManifest manifest = new EnsembleManifest(key, partitions.seed(),
        partitions.examplesUsed(), partitions.privateSet().name(), training.network().epochs(),
        ensemble.records(), Instant.now().toString());
    AtomicFiles.writeString(folder.resolve(MANIFEST), Json.write(manifest));
    return new CachedEnsemble(folder, manifest, numClasses, ensemble,
        partitions.count() - finished.size());
  }

  /** The records of teachers an interrupted training saved (each written after its model). */
  private static Map<Integer, TeacherRecord> finishedTeachers(Path folder, int count) {
    Map<Integer, TeacherRecord> finished = new HashMap<>();
    for (int t = 0; t < count; t++) {
      Path file = folder.resolve(recordFile(t));
      if (Files.exists(file)) {
        TeacherRecord record = Json.read(file, TeacherRecord.class);
        if (record.index() == t && Files.exists(folder.resolve(record.file()))) {
          finished.put(t, record);
        }
      }
    }
    return finished;
  }

  private static String recordFile(int teacher) {
    return String.format("teacher-%03d.json", teacher);
  }
}
