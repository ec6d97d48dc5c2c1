package dev.pate.spark;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.files.AtomicFiles;
import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import dev.pate.pipeline.backend.EnsembleVotes;
import dev.pate.pipeline.backend.ExecutorSettings;
import dev.pate.pipeline.backend.TeacherBackend;
import dev.pate.pipeline.backend.TeacherJob;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * {@code teachers.executor: spark}, the driver's side. One Spark task per group of teachers: it is
 * sent its teachers' partitions only (none for a teacher the shared directory already holds), the
 * held-out and query images (public), and the teachers' settings; it sends back records and vote
 * counts. The
 * aggregator, the noise and the ledger never leave the driver. After the job, the driver copies
 * the new models from the shared directory into its teacher cache (nothing to copy when the
 * shared directory is the cache), so later runs, local or not, find them there.
 *
 * <p>Same results as local: each teacher is trained from its own partition, in position order,
 * with the seed derived from the run seed and its index, on one native thread, by the same code
 * ({@code EnsembleTrainer.trainTeacher}); the first round's votes are computed on exactly the
 * images, in the order, that the local backend would vote on.
 */
final class SparkBackend implements TeacherBackend {
  private final ExecutorSettings.Spark spark;

  SparkBackend(ExecutorSettings.Spark spark) {
    this.spark = spark;
  }

  @Override
  public EnsembleVotes train(TeacherJob job, Consumer<TeacherRecord> saved) {
    requireConfiguredNetwork(job);
    SharedDir shared = sharedDir(job.folder(), job.key());
    shared.requireWritable();
    boolean sameFolder = shared.isLocal(job.folder());
    List<TeacherWork> work = new ArrayList<>();
    for (int t = 0; t < job.partitions().count(); t++) {
      TeacherRecord cached = job.finished().get(t);
      if (cached != null && !sameFolder) {
        publish(shared, job.folder(), cached);
      }
      boolean kept = cached != null || shared.record(t).isPresent();
      work.add(new TeacherWork(t, kept ? null : Examples.of(job.partitions().teacher(t))));
    }
    JavaSparkContext sc = SparkContexts.get(spark);
    // Each group's teachers join the cache as soon as its task is done: progress to the console,
    // and a driver stopped half-way keeps them.
    GroupResult result = run(sc, shared,
        new TeacherGroupTask.Training(job.teachers(), job.runSeed()), job.numClasses(), work,
        Examples.of(job.evaluation()), job.queries(), group -> {
          for (String text : group.records()) {
            TeacherRecord record = parse(text);
            if (!job.finished().containsKey(record.index())) {
              fetch(shared, job.folder(), record, sameFolder);
              saved.accept(record);
            }
          }
        });
    return new Votes(shared, job.folder(), List.of(), job.partitions().count(), job.numClasses(),
        sourceIndices(job.queries()), result.votes());
  }

  @Override
  public EnsembleVotes load(Path folder, List<TeacherRecord> records, int numClasses) {
    return new Votes(sharedDir(folder, folder.getFileName().toString()), folder, records,
        records.size(), numClasses, null, null);
  }

  /**
   * A complete ensemble's votes: those computed with the training, for exactly the images asked
   * then; any others by a job that loads the teachers from the shared directory.
   */
  private final class Votes implements EnsembleVotes {
    private final SharedDir shared;
    private final Path folder;
    private List<TeacherRecord> unpublished;
    private final int teachers;
    private final int numClasses;
    private final int[] firstImages;
    private final int[][] firstVotes;

    /**
     * @param unpublished teachers of the cache to put in the shared directory before the first
     *     vote job (those a run found in its cache; none when it just trained them)
     * @param firstImages the images (by source index) {@code firstVotes} are for; null if none
     */
    Votes(SharedDir shared, Path folder, List<TeacherRecord> unpublished, int teachers,
        int numClasses, int[] firstImages, int[][] firstVotes) {
      this.shared = shared;
      this.folder = folder;
      this.unpublished = unpublished;
      this.teachers = teachers;
      this.numClasses = numClasses;
      this.firstImages = firstImages;
      this.firstVotes = firstVotes;
    }

    @Override
    public int[][] votes(Dataset queries, int workers, int threadsPerWorker) {
      if (firstVotes != null && Arrays.equals(firstImages, sourceIndices(queries))) {
        return Arrays.stream(firstVotes).map(int[]::clone).toArray(int[][]::new);
      }
      if (!unpublished.isEmpty()) {
        shared.requireWritable();
        if (!shared.isLocal(folder)) {
          unpublished.forEach(record -> publish(shared, folder, record));
        }
        unpublished = List.of();
      }
      List<TeacherWork> work = IntStream.range(0, teachers)
          .mapToObj(t -> new TeacherWork(t, null)).toList();
      return run(SparkContexts.get(spark), shared, null, numClasses, work, null, queries,
          group -> { }).votes();
    }
  }

  /**
   * Runs one task per group of {@code work}, each as its own job so that {@code done} hears of
   * each group as it finishes (Spark runs the jobs side by side on the executors' cores), and
   * adds up what the tasks send back.
   *
   * @param training how missing teachers train; null (with {@code evaluation}) when every teacher
   *     of {@code work} is saved already and only votes
   */
  private GroupResult run(JavaSparkContext sc, SharedDir shared, TeacherGroupTask.Training training,
      int numClasses, List<TeacherWork> work, Examples evaluation, Dataset queries,
      Consumer<GroupResult> done) {
    Broadcast<Examples> heldOut = evaluation == null ? null : sc.broadcast(evaluation);
    Broadcast<Examples> asked = sc.broadcast(Examples.of(queries));
    TeacherGroupTask task = new TeacherGroupTask(training, numClasses, shared, heldOut, asked);
    List<JavaFutureAction<List<GroupResult>>> jobs = new ArrayList<>();
    int[][] votes = new int[queries.size()][numClasses];
    List<String> records = new ArrayList<>();
    try {
      for (List<TeacherWork> group : groups(work, sc.defaultParallelism())) {
        jobs.add(sc.parallelize(List.of(group), 1).map(task).collectAsync());
      }
      for (JavaFutureAction<List<GroupResult>> job : jobs) {
        GroupResult result = job.get().get(0);
        done.accept(result);
        records.addAll(result.records());
        for (int q = 0; q < votes.length; q++) {
          for (int c = 0; c < numClasses; c++) {
            votes[q][c] += result.votes()[q][c];
          }
        }
      }
    } catch (ExecutionException e) {
      throw new UserError("teachers.executor spark: a Spark task failed: " + taskFailure(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while Spark trained teachers", e);
    } finally {
      jobs.forEach(job -> job.cancel(true));
      asked.destroy();
      if (heldOut != null) {
        heldOut.destroy();
      }
    }
    return new GroupResult(records, votes);
  }

  /**
   * Consecutive teachers, {@code teachers.spark.teachers_per_task} to a task, or about four tasks
   * per core so that a slow task does not leave the others' cores idle.
   */
  private List<List<TeacherWork>> groups(List<TeacherWork> work, int cores) {
    int tasks = Math.max(1, Math.min(work.size(), 4 * Math.max(1, cores)));
    int size = spark.teachersPerTask().orElse((work.size() + tasks - 1) / tasks);
    List<List<TeacherWork>> groups = new ArrayList<>();
    for (int from = 0; from < work.size(); from += size) {
      groups.add(List.copyOf(work.subList(from, Math.min(work.size(), from + size))));
    }
    return groups;
  }

  /** teachers.spark.shared_dir, or the cache folder's own root when none is given. */
  private SharedDir sharedDir(Path folder, String key) {
    String root = spark.sharedDir().orElse(folder.toAbsolutePath().getParent().toUri().toString());
    Map<String, String> hadoop = new LinkedHashMap<>();
    spark.conf().forEach((k, v) -> {
      if (k.startsWith("spark.hadoop.")) {
        hadoop.put(k.substring("spark.hadoop.".length()), v);
      }
    });
    return new SharedDir(root, key, hadoop);
  }

  /** Puts a teacher of the local cache where tasks find it (it was trained by another backend). */
  private static void publish(SharedDir shared, Path folder, TeacherRecord record) {
    if (shared.record(record.index()).isEmpty()) {
      shared.upload(folder.resolve(record.file()), record.file());
      shared.writeString(TeacherCache.recordFile(record.index()), Json.write(record));
    }
  }

  /** Copies a teacher a task saved into the cache folder, checked against its record. */
  private static void fetch(SharedDir shared, Path folder, TeacherRecord record,
      boolean sameFolder) {
    if (!sameFolder) {
      // Owner-only and forced to disk before the record that names it is saved.
      AtomicFiles.write(folder.resolve(record.file()), out -> shared.copy(record.file(), out));
    }
    if (!Files.exists(folder.resolve(record.file()))) {
      throw new UserError(SharedDir.KEY + " " + shared.uri() + ": the driver does not find "
          + record.file() + ", which a task wrote there: give a folder the driver and every"
          + " executor share");
    }
    Ensemble.verify(folder, record);
  }

  /**
   * Spark can only send a network it can rebuild from the teachers' settings; one given in code
   * (NetworkSpec.custom) cannot be sent.
   */
  private static void requireConfiguredNetwork(TeacherJob job) {
    Dataset first = job.partitions().teacher(0);
    InputShape shape = InputShape.of(first);
    NetworkSpec configured = TeacherTraining.of(job.teachers()).network();
    if (!job.training().network().identity(shape, job.numClasses())
        .equals(configured.identity(shape, job.numClasses()))) {
      throw new UserError("teachers.executor: spark trains the network of teachers.network; a"
          + " network given in code cannot be sent to Spark tasks (use the local executor)");
    }
  }

  private static int[] sourceIndices(Dataset images) {
    return IntStream.range(0, images.size()).map(images::sourceIndex).toArray();
  }

  private static TeacherRecord parse(String text) {
    try {
      return Json.mapper().readValue(text, TeacherRecord.class);
    } catch (IOException e) {
      throw new UncheckedIOException("a task sent an unreadable record: " + e.getMessage(), e);
    }
  }

  /** The failed task's own message, without Spark's "Job aborted ... Lost task ..." prefix. */
  private static String taskFailure(Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String line = OneLine.of(root);
    int lost = line.indexOf("): ");
    return line.contains("Lost task") && lost >= 0 ? line.substring(lost + 3) : line;
  }
}
