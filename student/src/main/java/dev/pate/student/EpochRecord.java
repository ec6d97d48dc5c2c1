package dev.pate.student;

import java.util.Optional;

/**
 * One epoch of student training.
 *
 * @param epoch from 1
 * @param testAccuracy held-out accuracy after the epoch
 * @param pseudoLabels the pseudo-labels the epoch trained on; empty for methods without them and
 *     during warm-up
 */
public record EpochRecord(int epoch, double testAccuracy, Optional<PseudoLabels> pseudoLabels) {}
