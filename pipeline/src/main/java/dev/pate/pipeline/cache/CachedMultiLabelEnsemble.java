package dev.pate.pipeline.cache;

import dev.pate.ensemble.MultiLabelEnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.List;

/**
 * A complete multi-label ensemble in the cache, just trained or found there ({@link
 * TeacherCache#obtainMultiLabel}). Its teachers are loaded, each file checked against its
 * record's sha256, the first time they are asked for.
 */
public final class CachedMultiLabelEnsemble {
  private final Path folder;
  private final EnsembleManifest manifest;
  private final int labels;
  private final int teachersTrained;
  private List<MultiLabelNetwork> teachers;

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

  /** Makes each teacher's model file appear in {@code dir} too, as single-label runs do. */
  public void linkTeachersInto(Path dir) {
    CachedEnsemble.linkTeachers(folder, records(), dir);
  }

  /** One line for the console, as single-label runs say where their teachers came from. */
  public String describe() {
    return CachedEnsemble.describe(records().size(), teachersTrained, folder);
  }
}
