package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.List;

/**
 * What every way of dealing the private set out to teachers shares: its seed and each teacher's
 * examples ({@link PartitionIndices}), and the views of them {@link Partitions} hands out. The
 * ways differ only in how they deal ({@link TeacherPartitions}, {@link GroupPartitions}).
 */
abstract class DealtPartitions implements Partitions {
  private final long seed;
  /** Each teacher's examples, sorted by position. */
  final PartitionIndices partitions;

  DealtPartitions(Dataset privateSet, long seed, int[][] partitions) {
    this.seed = seed;
    this.partitions = new PartitionIndices(privateSet, partitions);
  }

  /** Number of teachers. */
  @Override
  public int count() {
    return partitions.count();
  }

  /** The seed the partitions were drawn with. */
  @Override
  public long seed() {
    return seed;
  }

  /** The private set that was partitioned. */
  @Override
  public Dataset privateSet() {
    return partitions.privateSet();
  }

  /** Number of examples of teacher {@code teacher}. */
  @Override
  public int size(int teacher) {
    return partitions.size(teacher);
  }

  /**
   * A fresh array with teacher {@code teacher}'s indices in {@link #privateSet()}, in increasing
   * position order.
   */
  @Override
  public int[] indices(int teacher) {
    return partitions.indices(teacher);
  }

  /**
   * A fresh array with the positions in the private file ({@link Dataset#sourceIndex}) of teacher
   * {@code teacher}'s examples, increasing: what identifies its partition whatever view of the
   * data it was dealt from.
   */
  @Override
  public int[] positions(int teacher) {
    return partitions.positions(teacher);
  }

  /**
   * Teacher {@code teacher}'s data, a view of the private set named {@code "<name>/teacher-<t>"}.
   */
  @Override
  public Dataset teacher(int teacher) {
    return partitions.teacher(teacher);
  }

  /** The data of every teacher, in order. */
  @Override
  public List<Dataset> teachers() {
    return partitions.teachers();
  }
}
