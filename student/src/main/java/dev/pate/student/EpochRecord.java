package dev.pate.student;

import java.util.Optional;

/**
 * One epoch of student training.
 *
 * @param epoch from 1
 * @param accuracy accuracy after the epoch on {@link StudentData#monitor}: the validation split in
 *     a run that has one, else the held-out examples
 * @param pseudoLabels the pseudo-labels the epoch trained on; empty for methods without them and
 *     during warm-up
 */
public record EpochRecord(int epoch, double accuracy, Optional<PseudoLabels> pseudoLabels) {}
