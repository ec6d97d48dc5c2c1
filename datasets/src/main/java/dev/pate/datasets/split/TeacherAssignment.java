package dev.pate.datasets.split;

import dev.pate.files.DpPreconditions;
import java.util.Random;

/**
 * Which teacher a record goes to, as a function of the seed, the teacher count and the record's
 * position in its source file only ({@link dev.pate.datasets.Dataset#sourceIndex}: for a CSV file
 * the record number counting dropped rows, for IDX files the image index).
 *
 * <p>Why: PATE's accounting assumes that changing one private record changes at most one teacher's
 * partition. Shuffling the kept rows and cutting the shuffle into slices breaks this, because a
 * row dropped for a missing value (or one record more or less) moves nearly every record to another
 * teacher. Here no record's teacher depends on any other record or on how many rows were kept.
 *
 * <p>The function, fixed so that a seed gives the same teachers on every JVM and Java version:
 * with {@code n} teachers, positions are grouped in blocks of {@code n} consecutive positions;
 * position {@code p} lies in block {@code b = p / n} and goes to teacher {@code pi_b(p % n)},
 * where {@code pi_b} is the permutation of {@code 0..n-1} that a Fisher-Yates shuffle of the
 * identity ({@code for i = n-1 down to 1: swap a[i], a[random.nextInt(i + 1)]}) makes with {@code
 * random = new java.util.Random(blockSeed(seed, b))}; {@code java.util.Random} is specified by its
 * Javadoc. {@code blockSeed(seed, b)} is output {@code b + 1} of SplitMix64 started at state
 * {@code seed}, i.e. {@code mix64(seed + (b + 1) * 0x9E3779B97F4A7C15)} with SplitMix64's
 * finalizer {@code mix64(z)}: {@code z = (z ^ z >>> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >>> 27) *
 * 0x94D049BB133111EB; return z ^ z >>> 31} (64-bit wrapping arithmetic).
 *
 * <p>So every teacher gets exactly one position of each full block: partitions are balanced (their
 * sizes differ by at most one, less the dropped rows) whatever the file's length. Instances are
 * immutable.
 */
public final class TeacherAssignment {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final long seed;
  private final int teachers;

  /**
   * The assignment of positions to {@code teachers} teachers under {@code seed}.
   *
   * @throws IllegalArgumentException if {@code teachers < 1}
   */
  public TeacherAssignment(long seed, int teachers) {
    DpPreconditions.checkAtLeast(teachers, 1, "teachers.count");
    this.seed = seed;
    this.teachers = teachers;
  }

  /** Number of teachers, the length of a block. */
  public int teachers() {
    return teachers;
  }

  /**
   * The teacher of the record at {@code position} of the source file.
   *
   * @throws IllegalArgumentException if {@code position < 0}
   */
  public int teacherOf(int position) {
    DpPreconditions.checkAtLeast(position, 0, "position");
    return permutation(position / teachers)[position % teachers];
  }

  /**
   * {@code pi_block}: element {@code r} is the teacher of position {@code block * n + r}. A fresh
   * array; callers that visit many positions of one block should keep it.
   *
   * @throws IllegalArgumentException if {@code block < 0}
   */
  public int[] permutation(int block) {
    DpPreconditions.checkAtLeast(block, 0, "block");
    int[] pi = new int[teachers];
    for (int i = 0; i < teachers; i++) {
      pi[i] = i;
    }
    Random random = new Random(blockSeed(seed, block));
    for (int i = teachers - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int tmp = pi[i];
      pi[i] = pi[j];
      pi[j] = tmp;
    }
    return pi;
  }

  /**
   * The seed of block {@code block}'s generator: output {@code block + 1} of SplitMix64 (Steele,
   * Lea and Flood, OOPSLA 2014) started at state {@code seed}. Mixing, rather than e.g. {@code seed
   * + block}, keeps the generators of neighbouring blocks and seeds unrelated. Public for other
   * per-position draws (simulated privacy groups), which pass a seed of their own domain.
   */
  public static long blockSeed(long seed, long block) {
    return mix64(seed + (block + 1) * GOLDEN_GAMMA);
  }

  /** SplitMix64's finalizer (Stafford's variant 13): a bijection that spreads every input bit. */
  private static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
