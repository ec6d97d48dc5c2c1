package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.List;

/**
 * The private set dealt out to the teachers by position: disjoint ({@link TeacherPartitions}), or
 * with privacy groups ({@link GroupPartitions}: a record of an upsampled group in several
 * teachers' partitions, or teachers per group). What training, the teacher cache and the reports
 * need of either.
 */
public interface Partitions {

  /** Number of teachers. */
  int count();

  /** The seed the partitions were drawn with. */
  long seed();

  /** The private set that was partitioned. */
  Dataset privateSet();

  /**
   * Distinct private examples dealt out to some teacher (an upsampled record counts once): the
   * private set's size unless capped.
   */
  int examplesUsed();

  /** Number of examples of teacher {@code teacher}. */
  int size(int teacher);

  /** A fresh array with teacher {@code teacher}'s indices in {@link #privateSet()}, by position. */
  int[] indices(int teacher);

  /** A fresh array with the positions in the private file of teacher {@code teacher}'s examples. */
  int[] positions(int teacher);

  /** Teacher {@code teacher}'s data, a view named {@code "<name>/teacher-<t>"}. */
  Dataset teacher(int teacher);

  /** The data of every teacher, in order. */
  List<Dataset> teachers();
}
