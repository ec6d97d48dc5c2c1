package dev.pate.pipeline.cache;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.files.AtomicFiles;
import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import dev.pate.pipeline.backend.EnsembleVotes;
import dev.pate.pipeline.backend.TeacherBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A complete ensemble in the cache, just trained or found there. Its teachers are loaded only when
 * votes are needed that the cache does not hold yet.
 */
public final class CachedEnsemble {

  /**
   * Where a run's teachers and votes came from.
   *
   * @param teachersTrained teachers this run trained
   * @param teachersReused teachers found in the cache
   * @param votesComputed query images the teachers voted on in this run
   * @param votesReused query images whose votes were in the cache
   */
  public record Provenance(int teachersTrained, int teachersReused, int votesComputed,
      int votesReused) {}

  private final Path folder;
  private final EnsembleManifest manifest;
  private final int numClasses;
  private final int teachersTrained;
  private final TeacherBackend backend;
  private EnsembleVotes ensemble;
  private int votesComputed;
  private int votesReused;
  private boolean verified;

  /**
   * @param backend loads the ensemble to vote when {@code trained} is null
   * @param trained the votes of the ensemble just trained; null when it was found in the cache
   */
  CachedEnsemble(Path folder, EnsembleManifest manifest, int numClasses, TeacherBackend backend,
      EnsembleVotes trained, int teachersTrained) {
    this.folder = folder;
    this.manifest = manifest;
    this.numClasses = numClasses;
    this.backend = backend;
    this.ensemble = trained;
    this.teachersTrained = teachersTrained;
  }

  public Path folder() {
    return folder;
  }

  public EnsembleKey key() {
    return manifest.key();
  }

  public List<TeacherRecord> records() {
    return manifest.teachers();
  }

  public Provenance provenance() {
    return new Provenance(teachersTrained, records().size() - teachersTrained, votesComputed,
        votesReused);
  }

  /**
   * Vote counts of the ensemble on {@code queries}, {@code counts[q][c]} = teachers whose answer
   * for query q is class c. Votes the cache holds (by the image's index in the test set) are read;
   * the others are computed by the run's backend (locally on {@code workers} threads of {@code
   * threadsPerWorker} native threads), and added to the cache.
   */
  public int[][] votes(Dataset queries, int workers, int threadsPerWorker) {
    return votes(queries, workers, threadsPerWorker, null);
  }

  /**
   * As {@link #votes(Dataset, int, int)}, each teacher's vote counted {@code weights[t]} times
   * (privacy groups' weighting). Weighted counts are cached in a file of their own, named by the
   * weights, so the same teachers serve every set of weights.
   *
   * @param weights one integer weight >= 1 per teacher, in teacher order
   */
  public int[][] votes(Dataset queries, int workers, int threadsPerWorker, int[] weights) {
    verifyTeachers();
    if (weights != null && weights.length != records().size()) {
      throw new IllegalArgumentException("weights: " + weights.length + " weights for "
          + records().size() + " teachers");
    }
    VoteStore store = weights == null
        ? new VoteStore(folder.resolve(TeacherCache.VOTES), numClasses, records().size())
        : new VoteStore(folder.resolve(weightedVotesFile(weights)), numClasses,
            java.util.Arrays.stream(weights).sum());
    Map<Integer, int[]> known = store.read();
    int[] missing = java.util.stream.IntStream.range(0, queries.size())
        .filter(q -> !known.containsKey(queries.sourceIndex(q)))
        .toArray();
    if (missing.length > 0) {
      if (ensemble == null) {
        ensemble = backend.load(folder, records(), numClasses);
      }
      int[][] fresh = weights == null
          ? ensemble.votes(queries.subset(missing), workers, threadsPerWorker)
          : ensemble.votes(queries.subset(missing), workers, threadsPerWorker, weights);
      for (int k = 0; k < missing.length; k++) {
        known.put(queries.sourceIndex(missing[k]), fresh[k]);
      }
      store.write(known);
    }
    votesComputed = missing.length;
    votesReused = queries.size() - missing.length;
    int[][] counts = new int[queries.size()][];
    for (int q = 0; q < counts.length; q++) {
      counts[q] = known.get(queries.sourceIndex(q)).clone();
    }
    return counts;
  }

  /** The cache file of the vote counts weighted by {@code weights}. */
  private static String weightedVotesFile(int[] weights) {
    return "votes-weighted-" + dev.pate.files.Sha256.of(java.util.Arrays.toString(weights))
        .substring(0, 16) + ".csv";
  }

  /**
   * Checks every teacher's file against the sha256 its record holds, once, before any vote is
   * used: cached votes are read without loading the teachers, so a teacher changed or damaged
   * in the cache would otherwise go unnoticed while its votes are charged and released.
   */
  private void verifyTeachers() {
    if (verified) {
      return;
    }
    for (TeacherRecord record : records()) {
      try {
        Ensemble.verify(folder, record);
      } catch (IllegalStateException changed) {
        throw new UserError(changed.getMessage());
      }
    }
    verified = true;
  }

  /**
   * Makes each teacher's model file appear in {@code dir} too (a hard link, or an owner-only
   * copy where links are not possible), so that a run folder holds its teachers; files already
   * there are kept. {@code dir} is created owner-only.
   */
  public void linkTeachersInto(Path dir) {
    linkTeachers(folder, records(), dir);
  }

  /** {@link #linkTeachersInto} for the teachers of {@code records} saved in {@code folder}. */
  static void linkTeachers(Path folder, List<TeacherRecord> records, Path dir) {
    try {
      FileModes.createPrivateFolders(dir);
      for (TeacherRecord record : records) {
        Path target = dir.resolve(record.file());
        if (Files.exists(target)) {
          continue;
        }
        Path source = folder.resolve(record.file());
        try {
          Files.createLink(target, source);
        } catch (UnsupportedOperationException | FileSystemException noLink) {
          AtomicFiles.write(target, out -> Files.copy(source, out));
        }
      }
    } catch (IOException e) {
      throw new UserError("cannot place the teachers in " + dir + ": "
          + e.getMessage(), e);
    }
  }

  /** One line for the console, e.g. "100 teachers reused from the cache runs/cache/...". */
  public String describe() {
    return describe(records().size(), teachersTrained, folder);
  }

  /** {@link #describe()} of {@code count} teachers, {@code trained} of them by this run. */
  static String describe(int count, int trained, Path folder) {
    String where = "the cache " + folder;
    if (trained == 0) {
      return count + " teachers reused from " + where;
    }
    if (trained == count) {
      return count + " teachers trained, saved in " + where;
    }
    return (count - trained) + " of " + count + " teachers reused from an interrupted"
        + " training, " + trained + " trained; saved in " + where;
  }
}
