package dev.pate.ensemble;

/**
 * Provenance of one trained teacher, as written to the run's teacher manifest.
 *
 * @param index teacher number, 0-based; also the number of its private partition
 * @param seed the seed of its initialisation and shuffling (>= 1)
 * @param trainingExamples size of its private partition
 * @param testAccuracy its score on the held-out evaluation set: accuracy for a single-label
 *     teacher, micro-F1 over the labels for a multi-label one
 * @param file model file name inside the teachers folder
 * @param sha256 hex digest of the model file
 * @param trainSeconds wall time of its training
 */
public record TeacherRecord(int index, long seed, int trainingExamples, double testAccuracy,
    String file, String sha256, double trainSeconds) {}
