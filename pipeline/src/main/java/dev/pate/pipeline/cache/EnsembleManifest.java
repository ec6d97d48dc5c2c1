package dev.pate.pipeline.cache;

import dev.pate.ensemble.TeacherRecord;
import java.util.List;

/**
 * {@code manifest.json} of a cached ensemble, written when its last teacher is saved: the key it
 * was trained for and every teacher's record (partition, seed, size, held-out accuracy, file and
 * sha256, training time).
 *
 * @param key the key the ensemble was trained for (its folder name is {@code key.hash()})
 * @param partitionSeed the seed the private set was shuffled with
 * @param privateExamplesUsed private images dealt out to the teachers
 * @param privateSet the private set's name
 * @param epochs passes each teacher made over its partition (for cost estimates)
 * @param teachers every teacher's record, in teacher order
 * @param created when the ensemble was completed (UTC, ISO-8601)
 */
public record EnsembleManifest(EnsembleKey key, long partitionSeed, int privateExamplesUsed,
    String privateSet, int epochs, List<TeacherRecord> teachers, String created) {

  public EnsembleManifest {
    teachers = List.copyOf(teachers);
  }

  /** Training seconds per image and epoch on one worker, over all teachers. */
  public double secondsPerImageEpoch() {
    double seconds = teachers.stream().mapToDouble(TeacherRecord::trainSeconds).sum();
    long imageEpochs = (long) epochs * teachers.stream()
        .mapToLong(TeacherRecord::trainingExamples).sum();
    return seconds / imageEpochs;
  }
}
