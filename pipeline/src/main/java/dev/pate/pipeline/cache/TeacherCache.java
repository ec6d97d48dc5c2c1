package dev.pate.pipeline.cache;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.split.Partitions;
import dev.pate.ensemble.MultiLabelEnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.files.AtomicFiles;
import dev.pate.files.UserError;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import dev.pate.pipeline.backend.EnsembleVotes;
import dev.pate.pipeline.backend.TeacherBackend;
import dev.pate.pipeline.backend.TeacherJob;
import dev.pate.pipeline.output.Json;
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
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
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
      throw new UserError("cannot list " + root + ": " + e.getMessage(), e);
    }
  }

  /**
   * The ensemble of {@code key}: from the cache if complete; otherwise {@code backend} trains the
   * teachers the cache lacks (those saved by an interrupted training are loaded instead), each
   * saved as soon as it is done, and the manifest is written last.
   *
   * @param backend where teachers are trained and vote ({@code teachers.executor})
   * @param teachers the ensemble's settings, which {@code training} is made from
   * @param runSeed the seed the teachers' seeds derive from
   * @param evaluation the held-out images each teacher's accuracy is measured on
   * @param queries the images the ensemble will be asked first, for backends that vote where they
   *     train (see {@link TeacherJob#queries()})
   */
  public CachedEnsemble obtain(TeacherBackend backend, TeacherSettings teachers, long runSeed,
      EnsembleKey key, TeacherTraining training, Partitions partitions, Dataset evaluation, Dataset queries,
      PipelineListener listener) {
    Path folder = folder(key);
    int numClasses = partitions.privateSet().numClasses();
    Optional<EnsembleManifest> cached = complete(key, partitions.count());
    if (cached.isPresent()) {
      return new CachedEnsemble(folder, cached.get(), numClasses, backend, null, 0);
    }
    AtomicFiles.writeString(folder.resolve(KEY), Json.write(key));
    Map<Integer, TeacherRecord> finished = finishedTeachers(folder, partitions.count());
    listener.stageStarted(Stage.TEACHERS, partitions.count() - finished.size());
    Map<Integer, TeacherRecord> records = new java.util.concurrent.ConcurrentHashMap<>(finished);
    EnsembleVotes votes = backend.train(new TeacherJob(teachers, key.hash(), training, partitions,
        evaluation, runSeed, folder, finished, queries), recorder(folder, records, listener));
    listener.stageDone(Stage.TEACHERS);
    EnsembleManifest manifest = new EnsembleManifest(key, partitions.seed(),
        partitions.examplesUsed(), partitions.privateSet().name(), training.network().epochs(),
        inOrder(records, partitions.count(), folder), Instant.now().toString());
    AtomicFiles.writeString(folder.resolve(MANIFEST), Json.write(manifest));
    return new CachedEnsemble(folder, manifest, numClasses, backend, votes,
        partitions.count() - finished.size());
  }

  /**
   * The multi-label ensemble of {@code key}: from the cache if complete; otherwise {@code trainer}
   * trains the teachers the cache lacks (those saved by an interrupted training are loaded
   * instead), each saved as soon as it is done, and the manifest is written last.
   *
   * @param partitions every teacher's private images, in teacher order
   * @param privateSet the private images' name and the count dealt out (for the manifest)
   * @param runSeed the seed the teachers' seeds derive from
   * @param score each new teacher's held-out score (its record's {@code testAccuracy})
   */
  public CachedMultiLabelEnsemble obtainMultiLabel(EnsembleKey key,
      MultiLabelEnsembleTrainer trainer, List<? extends MultiLabelExamples> partitions, String privateSet,
      long runSeed, int epochs, ToDoubleFunction<MultiLabelNetwork> score,
      PipelineListener listener) {
    Path folder = folder(key);
    int labels = partitions.get(0).labels();
    Optional<EnsembleManifest> cached = complete(key, partitions.size());
    if (cached.isPresent()) {
      return new CachedMultiLabelEnsemble(folder, cached.get(), labels, null, 0);
    }
    AtomicFiles.writeString(folder.resolve(KEY), Json.write(key));
    Map<Integer, TeacherRecord> finished = finishedTeachers(folder, partitions.size());
    listener.stageStarted(Stage.TEACHERS, partitions.size() - finished.size());
    Map<Integer, TeacherRecord> records = new java.util.concurrent.ConcurrentHashMap<>(finished);
    List<MultiLabelNetwork> teachers = trainer.train(partitions, runSeed, folder, score,
        recorder(folder, records, listener)::accept, finished);
    listener.stageDone(Stage.TEACHERS);
    // Blocks by position: no shuffle, so no partition seed (0).
    EnsembleManifest manifest = new EnsembleManifest(key, 0,
        partitions.stream().mapToInt(MultiLabelExamples::size).sum(), privateSet, epochs,
        inOrder(records, partitions.size(), folder), Instant.now().toString());
    AtomicFiles.writeString(folder.resolve(MANIFEST), Json.write(manifest));
    return new CachedMultiLabelEnsemble(folder, manifest, labels, teachers,
        partitions.size() - finished.size());
  }

  /**
   * The manifest of the complete ensemble of {@code key} with {@code count} teachers, if the
   * cache has it.
   *
   * @throws UserError if the folder's manifest is for another ensemble
   */
  /**
   * Whether the ensemble of {@code key} is complete here, so that {@link #obtain} trains nothing
   * (what a run need not prepare for training, such as pretraining, is then skipped).
   */
  public boolean holds(EnsembleKey key, int count) {
    return complete(key, count).isPresent();
  }

  private Optional<EnsembleManifest> complete(EnsembleKey key, int count) {
    Optional<EnsembleManifest> cached = manifest(key);
    if (cached.isPresent() && (!cached.get().key().equals(key)
        || cached.get().teachers().size() != count)) {
      throw new UserError(folder(key) + ": its manifest is not for this ensemble; delete the"
          + " folder and it is trained again");
    }
    return cached;
  }

  /**
   * What a trainer tells of each teacher it saved: its record written next to its model (so an
   * interrupted training resumes with it), kept in {@code records}, a step of the stage.
   */
  private static Consumer<TeacherRecord> recorder(Path folder,
      Map<Integer, TeacherRecord> records, PipelineListener listener) {
    return record -> {
      AtomicFiles.writeString(folder.resolve(recordFile(record.index())), Json.write(record));
      records.put(record.index(), record);
      listener.step(Stage.TEACHERS, "");
    };
  }

  /** Every teacher's record in teacher order; a backend that skipped one is a bug, said so. */
  private static List<TeacherRecord> inOrder(Map<Integer, TeacherRecord> records, int count,
      Path folder) {
    List<TeacherRecord> ordered = new ArrayList<>();
    for (int t = 0; t < count; t++) {
      TeacherRecord record = records.get(t);
      if (record == null || !Files.exists(folder.resolve(record.file()))) {
        throw new IllegalStateException(folder + ": teacher " + t + " was not saved by the"
            + " training; delete the folder and it is trained again");
      }
      ordered.add(record);
    }
    return ordered;
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

  /**
   * The name of teacher {@code teacher}'s record next to its model, {@code teacher-NNN.json}:
   * written after the model, so a record means a saved teacher (a backend that saves teachers
   * elsewhere, such as Spark's shared directory, keeps the same layout).
   */
  public static String recordFile(int teacher) {
    return String.format("teacher-%03d.json", teacher);
  }
}
