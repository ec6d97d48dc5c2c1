package dev.pate.pipeline.labelling;

import dev.pate.aggregator.mechanism.Answer;
import java.util.OptionalDouble;

/**
 * Chooses which query pool images a round of queries asks ({@code aggregator.selection}).
 *
 * <p>A selector sees the public pool and the answers already released, never the teachers' votes.
 * Whatever it computes from them is post-processing of public data and of outputs the accountant
 * has already charged for, and Renyi DP composes over adaptively chosen queries: the choice itself
 * costs no privacy. Only the answers to the chosen queries are charged, as they are made.
 */
public interface QuerySelector {

  /**
   * @param round the round, from 0
   * @param size how many pool images to choose, none of them asked before
   * @param released what the earlier rounds asked and were told
   */
  RoundChoice choose(int round, int size, Released released);

  /**
   * The earlier rounds: the pool positions they asked, in query order, and the answers released for
   * them (abstentions included).
   */
  record Released(int[] positions, Answer[] answers) {
    public Released {
      if (positions.length != answers.length) {
        throw new IllegalArgumentException("answers: " + answers.length + " answers for "
            + positions.length + " positions");
      }
    }
  }

  /**
   * One round's pool positions, in the order they are asked.
   *
   * @param chosenBy how: {@code first}, {@code random}, {@code typical} (each k-means cluster's
   *     image nearest its centre), {@code least-margin} (an interim student's
   *     least-sure images) or {@code recorded} (read back from an interrupted run's votes.csv)
   * @param interimAccuracy accuracy of the interim student that chose them (on the validation
   *     split, else held-out), if one did (a diagnostic of the selection; never the released
   *     student's)
   */
  record RoundChoice(int[] positions, String chosenBy, OptionalDouble interimAccuracy) {
    public static RoundChoice of(int[] positions, String chosenBy) {
      return new RoundChoice(positions, chosenBy, OptionalDouble.empty());
    }
  }
}
