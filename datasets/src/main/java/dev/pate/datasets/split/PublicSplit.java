package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import dev.pate.files.DpPreconditions;
import java.util.Objects;

/**
 * The public (non-sensitive) data of PATE, split as in the papers: the first {@code poolSize}
 * examples of the test set are the student's unlabelled pool, from which it queries the teachers;
 * the remaining examples are held out to evaluate the student and are never queried. For MNIST the
 * defaults give 9000 + 1000 (Papernot et al. 2018, Section 4).
 *
 * @param pool the query / unlabelled pool, named {@code "<source>/pool"}
 * @param holdout the held-out evaluation set, named {@code "<source>/holdout"}
 */
public record PublicSplit(Dataset pool, Dataset holdout) {
  /** Size of the query pool used in the papers for MNIST (of 10000 test images). */
  public static final int DEFAULT_POOL_SIZE = 9000;

  public PublicSplit {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(holdout, "holdout");
  }

  /** {@link #of(Dataset, int)} with the papers' pool size, {@value #DEFAULT_POOL_SIZE}. */
  public static PublicSplit of(Dataset publicSet) {
    return of(publicSet, DEFAULT_POOL_SIZE);
  }

  /**
   * Pool = examples {@code 0..poolSize-1}, holdout = the rest, both views of {@code publicSet}.
   *
   * @throws IllegalArgumentException unless {@code 1 <= poolSize < publicSet.size()}
   */
  public static PublicSplit of(Dataset publicSet, int poolSize) {
    int size = publicSet.size();
    DpPreconditions.checkAtLeast(poolSize, 1, "poolSize");
    if (poolSize >= size) {
      throw new IllegalArgumentException(
          "poolSize: "
              + poolSize
              + " is not < "
              + size
              + " (the size of "
              + publicSet.name()
              + "); nothing would be left for the held-out evaluation set");
    }
    return new PublicSplit(
        publicSet.range(publicSet.name() + "/pool", 0, poolSize),
        publicSet.range(publicSet.name() + "/holdout", poolSize, size));
  }
}
