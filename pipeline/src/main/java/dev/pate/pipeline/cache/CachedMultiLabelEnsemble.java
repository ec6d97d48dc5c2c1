package dev.pate.pipeline.cache;

import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.MultiLabelEnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A complete multi-label ensemble in the cache, just trained or found there ({@link
 * TeacherCache#obtainMultiLabel}), with its votes on the pool canvases. Its teachers are loaded
 * only when votes are needed that the cache does not hold yet.
 */
public final class CachedMultiLabelEnsemble {
  private final Path folder;
  private final EnsembleManifest manifest;
  private final int labels;
  private final int teachersTrained;
  private List<MultiLabelNetwork> teachers;
  private int votesComputed;
  private boolean verified;

  /** @param trained the teachers just trained, in teacher order; null when found in the cache */
  CachedMultiLabelEnsemble(Path folder, EnsembleManifest manifest, int labels,
      List<MultiLabelNetwork> trained, int teachersTrained) {
    this.folder = folder;
    this.manifest = manifest;
    this.labels = labels;
    this.teachers = trained == null ? null : List.copyOf(trained);
    this.teachersTrained = teachersTrained;
  }

  public Path folder() {
    return folder;
  }

  public EnsembleKey key() {
    return manifest.key();
  }

  /** Every teacher's record, in teacher order (its {@code testAccuracy} is its micro-F1). */
  public List<TeacherRecord> records() {
    return manifest.teachers();
  }

  /** Teachers this run trained (0 when all came from the cache). */
  public int teachersTrained() {
    return teachersTrained;
  }

  /** The teachers, in teacher order: loaded from the cache on first use if not just trained. */
  public List<MultiLabelNetwork> teachers() {
    if (teachers == null) {
      try {
        teachers = MultiLabelEnsembleTrainer.load(folder, records(), labels);
      } catch (IllegalStateException changed) {
        // A teacher file changed or damaged in the cache is the user's to delete, as for
        // single-label ensembles (CachedEnsemble), not a bug.
        throw new UserError(changed.getMessage());
      }
    }
    return teachers;
  }

  /**
   * Every teacher's label set on the pool canvases at {@code positions}: {@code votes[q][t]} is
   * teacher t's bit mask on canvas {@code pool[positions[q]]}. Votes the cache holds (by pool
   * position: the pool is part of the key) are read, the others computed by {@code trainer}'s
   * workers and added to the cache, so the runs of one ensemble have its teachers vote on a
   * canvas once. Every teacher's file is checked against its record first: cached votes of a
   * teacher changed in the cache must not be used.
   */
  public int[][] votes(MultiLabelExamples pool, int[] positions, MultiLabelEnsembleTrainer trainer) {
    verifyTeachers();
    VoteStore store = VoteStore.multiLabel(folder.resolve(TeacherCache.VOTES), records().size(),
        labels);
    Map<Integer, int[]> known = store.read();
    int[] missing = Arrays.stream(positions).distinct().filter(p -> !known.containsKey(p))
        .toArray();
    if (missing.length > 0) {
      int[][] fresh = trainer.votes(teachers(), pool.subset(pool.name() + "/to vote", missing));
      for (int k = 0; k < missing.length; k++) {
        known.put(missing[k], fresh[k]);
      }
      store.write(known);
    }
    votesComputed = missing.length;
    int[][] votes = new int[positions.length][];
    for (int q = 0; q < positions.length; q++) {
      votes[q] = known.get(positions[q]).clone();
    }
    return votes;
  }

  /** Pool canvases the teachers voted on in this run (the others' votes were in the cache). */
  public int votesComputed() {
    return votesComputed;
  }

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

  /** Makes each teacher's model file appear in {@code dir} too, as single-label runs do. */
  public void linkTeachersInto(Path dir) {
    CachedEnsemble.linkTeachers(folder, records(), dir);
  }

  /** One line for the console, as single-label runs say where their teachers came from. */
  public String describe() {
    return CachedEnsemble.describe(records().size(), teachersTrained, folder);
  }
}
