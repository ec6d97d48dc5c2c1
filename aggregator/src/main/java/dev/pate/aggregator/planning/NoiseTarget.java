package dev.pate.aggregator.planning;

/**
 * What planned noise must meet, judged on what a setting achieves: one budget's epsilon, or several
 * at once (every privacy group's, each group seeing the cost scaled by its sensitivity). The noise
 * search bisects on {@link #fits}, so a target only says whether an achievement is within it and
 * how close to its limit; it must be monotone in the noise (more noise never stops fitting).
 *
 * @param <T> what a setting achieves, e.g. an {@link dev.pate.aggregator.rdp.EpsilonBound}, or one
 *     per group
 */
public interface NoiseTarget<T> {

  /** Whether {@code achieved} is within the target. */
  boolean fits(T achieved);

  /**
   * Whether {@code achieved} is within the relative {@code slack} below the target's limit (for
   * several limits: below the closest one), so that less noise would gain almost nothing and a
   * search may stop.
   */
  boolean tight(T achieved, double slack);

  /** The target in words for a refusal, e.g. {@code 2.0} or {@code every group's budget}. */
  String goal();

  /** What {@code achieved} is, in words, for the refusal when even the most noise misses. */
  String describe(T achieved);
}
