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
 * <p>A validation split ({@link #withValidation}) may be carved from the end of the pool: public
 * examples that are neither queried nor trained on, on which settings are chosen so that the
 * held-out examples judge only the chosen ones.
 *
 * @param pool the query / unlabelled pool, named {@code "<source>/pool"}
 * @param holdout the held-out evaluation set, named {@code "<source>/holdout"}
 * @param validation the validation split, named {@code "<source>/validation"}; empty if none
 */
public record PublicSplit(Dataset pool, Dataset holdout, Dataset validation) {
  /** Size of the query pool used in the papers for MNIST (of 10000 test images). */
  public static final int DEFAULT_POOL_SIZE = 9000;

  public PublicSplit {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(holdout, "holdout");
    Objects.requireNonNull(validation, "validation");
  }

  /**
   * The set a student is judged on while it trains (its learning curve, an interim student's
   * accuracy): the validation split when there is one, since settings are chosen there and a study
   * must never watch the held-out examples while it chooses; the held-out examples otherwise.
   */
  public Dataset judgedOn() {
    return validation.size() > 0 ? validation : holdout;
  }

  /** {@code "validation"} or {@code "held-out"}: what {@link #judgedOn} is, for reports. */
  public String judgedOnName() {
    return validation.size() > 0 ? "validation" : "held-out";
  }

  /** A split without a validation split. */
  public PublicSplit(Dataset pool, Dataset holdout) {
    this(pool, holdout, pool.range(pool.name() + "/validation", 0, 0));
  }

  /**
   * The same split with the last {@code size} examples of the pool set aside as the validation
   * split (the pool keeps the others, in the same order, so its first positions are the same
   * examples as before); {@code size} 0 leaves the split as it is.
   *
   * @throws IllegalArgumentException unless {@code 0 <= size < pool().size()}, or if this split
   *     has a validation split already
   */
  public PublicSplit withValidation(int size) {
    if (size == 0) {
      return this;
    }
    if (validation.size() > 0) {
      throw new IllegalArgumentException("validation: this split has one already");
    }
    if (size < 0 || size >= pool.size()) {
      throw new IllegalArgumentException("size: " + size + " is not in 0.." + (pool.size() - 1)
          + " (the query pool has " + pool.size() + " examples and keeps at least one)");
    }
    int kept = pool.size() - size;
    String source = pool.name().endsWith("/pool")
        ? pool.name().substring(0, pool.name().length() - "/pool".length()) : pool.name();
    return new PublicSplit(pool.range(pool.name(), 0, kept), holdout,
        pool.range(source + "/validation", kept, pool.size()));
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
