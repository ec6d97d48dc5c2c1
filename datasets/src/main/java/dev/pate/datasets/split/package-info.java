/**
 * The data splits of PATE (Papernot et al., ICLR 2017, Section 2; ICLR 2018, Section 4).
 *
 * <ul>
 *   <li>{@link dev.pate.datasets.split.TeacherPartitions}: the private set (MNIST train, or the
 *       private CSV file) dealt out to n disjoint partitions, one per teacher, by each record's
 *       position in the file ({@link dev.pate.datasets.split.TeacherAssignment}).
 *   <li>{@link dev.pate.datasets.split.PublicSplit}: the public set (MNIST test, or the public CSV
 *       file) cut into the student's unlabelled query pool (for MNIST the first 9000) and a
 *       held-out evaluation set (the last 1000), as in the papers.
 *   <li>{@link dev.pate.datasets.split.Disjointness}: a run-time proof that no example is shared by
 *       two teachers, or by a teacher and the public data. PATE's privacy guarantee rests on each
 *       private example influencing exactly one teacher, so the pipeline checks this on every run
 *       instead of trusting the construction.
 * </ul>
 *
 * <h2>Neighbouring private datasets</h2>
 *
 * <p>PATE's accounting charges each answer for one moved vote, which is sound only if neighbouring
 * private datasets give all teachers but one the same partition. The relation the partitions are
 * built for: two private datasets are <em>neighbours</em> when they differ in the record at one
 * position of the private file (the record number, counting rows dropped for a missing value, or
 * the image index), replaced by any record, including one that is then dropped for a missing
 * value; or by one record appended or removed at the end of the file. Then all teachers'
 * partitions but one are identical, also under {@link dev.pate.datasets.split.PartitionLimits}.
 * Removing a record from the middle of the file shifts every later position, so two such files
 * are not neighbours under this relation (they are at a distance of many replacements).
 */
package dev.pate.datasets.split;
