package dev.pate.datasets.split;

/**
 * Optional caps on how much private data the teachers get, e.g. for quick runs or for reproducing a
 * paper setting that used fewer examples per teacher.
 *
 * @param maxPerTeacher at most this many examples per teacher ({@link Integer#MAX_VALUE}: no cap)
 * @param maxTotal at most this many private examples in all ({@link Integer#MAX_VALUE}: no cap)
 */
public record PartitionLimits(int maxPerTeacher, int maxTotal) {
  /** No caps: all private examples are shared out. */
  public static final PartitionLimits NONE =
      new PartitionLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);

  public PartitionLimits {
    if (maxPerTeacher < 1) {
      throw new IllegalArgumentException("maxPerTeacher: " + maxPerTeacher + " is not >= 1");
    }
    if (maxTotal < 1) {
      throw new IllegalArgumentException("maxTotal: " + maxTotal + " is not >= 1");
    }
  }

  /** These limits with at most {@code max} examples per teacher. */
  public PartitionLimits withMaxPerTeacher(int max) {
    return new PartitionLimits(max, maxTotal);
  }

  /** These limits with at most {@code max} private examples in all. */
  public PartitionLimits withMaxTotal(int max) {
    return new PartitionLimits(maxPerTeacher, max);
  }
}
