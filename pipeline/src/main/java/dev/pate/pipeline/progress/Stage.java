package dev.pate.pipeline.progress;

/** The stages of a run, in the order they run; a {@link PipelineListener} is told of each. */
public enum Stage {
  /** Reading the data and cutting it into teacher partitions, query pool and held-out set. */
  DATA,
  /** Training the teachers (or finding them in the cache): one step per teacher trained. */
  TEACHERS,
  /** The teachers' votes, the noisy answers and their charges, in query rounds. */
  LABELLING,
  /** Training the student: one step per epoch. */
  STUDENT,
  /** The non-private ceiling (only with {@code baseline.non_private}): one step per epoch. */
  CEILING
}
