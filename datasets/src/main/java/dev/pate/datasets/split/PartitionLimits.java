package dev.pate.datasets.split;

import dev.pate.files.DpPreconditions;

/**
 * Optional caps on how much private data the teachers get, e.g. for quick runs or for reproducing a
 * paper setting that used fewer examples per teacher.
 *
 * <p>Both caps choose records by position in the private file, never by how many rows were kept,
 * so that, like the partitions themselves (see {@link TeacherPartitions}), one changed record
 * changes at most one teacher's data: a record at a position below {@code maxTotal} changes only
 * its own teacher, one at or after it changes nothing; under {@code maxPerTeacher} a record only
 * decides which of its own teacher's positions come first.
 *
 * @param maxPerTeacher each teacher keeps only its first {@code maxPerTeacher} examples, in
 *     position order ({@link Integer#MAX_VALUE}: no cap)
 * @param maxTotal only the records at positions {@code 0..maxTotal-1} of the private file (counted
 *     before dropped rows) are dealt out, so fewer than {@code maxTotal} when rows among them were
 *     dropped ({@link Integer#MAX_VALUE}: no cap)
 */
public record PartitionLimits(int maxPerTeacher, int maxTotal) {
  /** No caps: all private examples are shared out. */
  public static final PartitionLimits NONE =
      new PartitionLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);

  public PartitionLimits {
    DpPreconditions.checkAtLeast(maxPerTeacher, 1, "maxPerTeacher");
    DpPreconditions.checkAtLeast(maxTotal, 1, "maxTotal");
  }

  /** These limits with each teacher's first {@code max} examples (by position) only. */
  public PartitionLimits withMaxPerTeacher(int max) {
    return new PartitionLimits(max, maxTotal);
  }

  /** These limits with the records at positions {@code 0..max-1} of the private file only. */
  public PartitionLimits withMaxTotal(int max) {
    return new PartitionLimits(maxPerTeacher, max);
  }
}
