package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.groups.GroupAccountant;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.NoiseSource;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The aggregator's answers to the queries that were asked (all of them, unless a budget stopped
 * labelling early), in query order, with the accountant that was charged for them and the source
 * of the randomness that drew their noise; and, if the run released its data-dependent epsilon,
 * the values published. With privacy groups, {@code accountant} is the weakest group's (its
 * figures bound every record's, {@link RunGroups#weakest}) and {@code groups} holds every group's.
 */
public record Labelling(Answer[] answers, PrivacyAccountant accountant, NoiseSource randomness,
    Optional<String> stoppedBecause, Optional<Map<String, Object>> dataDependentRelease,
    Optional<GroupAccountant> groups) {

  public Labelling {
    answers = answers.clone();
  }

  /** A copy: the answers stay as they were released. */
  @Override
  public Answer[] answers() {
    return answers.clone();
  }

  /** Positions (in query order) of the queries that got a label. */
  public int[] answeredPositions() {
    return java.util.stream.IntStream.range(0, answers.length)
        .filter(q -> answers[q].answered())
        .toArray();
  }

  /** The labels of the answered queries, in the order of {@link #answeredPositions()}. */
  public int[] answeredLabels() {
    return Arrays.stream(answers).filter(Answer::answered).mapToInt(Answer::label).toArray();
  }

  int answeredCount() {
    return (int) Arrays.stream(answers).filter(Answer::answered).count();
  }
}
