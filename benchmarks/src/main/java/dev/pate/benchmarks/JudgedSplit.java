package dev.pate.benchmarks;

import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.pipeline.data.RunData;
import dev.pate.student.StudentData;

/**
 * The public data a student benchmark trains with, loaded as a run loads it ({@link
 * RunData#load}, so a config's {@code dataset.validation} is carved from the pool and stays out of
 * the unlabelled pool), and the set the student is judged on: the validation split where the
 * config has one, since settings are chosen there and never on the held-out images; the held-out
 * images otherwise.
 *
 * @param split the run's public split
 */
record JudgedSplit(PublicSplit split) {
  static JudgedSplit of(RunConfig config) {
    return new JudgedSplit(RunData.load(config, DataDirectory.standard(null)).publicSplit());
  }

  /** The set each epoch's accuracy is measured on ({@link PublicSplit#judgedOn}). */
  Dataset judgedOn() {
    return split.judgedOn();
  }

  /** "validation" or "held-out", for the printed figures. */
  String judgedOnName() {
    return split.judgedOnName();
  }

  /** The student's data: {@code answered} (pool images) with {@code labels}, and the whole pool. */
  StudentData studentData(Dataset answered, int[] labels) {
    return new StudentData(answered, labels, split.pool(), judgedOn());
  }
}
