/**
 * The data splits of PATE (Papernot et al., ICLR 2017, Section 2; ICLR 2018, Section 4).
 *
 * <ul>
 *   <li>{@link dev.pate.datasets.split.TeacherPartitions}: the private set (MNIST train, or the
 *       private CSV file) shuffled with a seed and cut into n disjoint partitions, one per teacher.
 *   <li>{@link dev.pate.datasets.split.PublicSplit}: the public set (MNIST test, or the public CSV
 *       file) cut into the student's unlabelled query pool (for MNIST the first 9000) and a
 *       held-out evaluation set (the last 1000), as in the papers.
 *   <li>{@link dev.pate.datasets.split.Disjointness}: a run-time proof that no example is shared by
 *       two teachers, or by a teacher and the public data. PATE's privacy guarantee rests on each
 *       private example influencing exactly one teacher, so the pipeline checks this on every run
 *       instead of trusting the construction.
 * </ul>
 */
package dev.pate.datasets.split;
