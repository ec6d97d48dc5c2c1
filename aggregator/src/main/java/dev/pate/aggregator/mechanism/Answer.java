package dev.pate.aggregator.mechanism;

/**
 * The outcome of one query: a class label, or an abstention (label {@value #NO_LABEL}).
 *
 * @param label the answered class index ({@code >= 0}), or {@value #NO_LABEL} when abstained
 * @param answered whether the aggregator answered
 */
public record Answer(int label, boolean answered) {

  /** The label of an abstention. */
  public static final int NO_LABEL = -1;

  private static final Answer ABSTAINED = new Answer(NO_LABEL, false);

  /** Checks that the label agrees with {@code answered}. */
  public Answer {
    if (answered && label < 0) {
      throw new IllegalArgumentException("label: " + label + " is not >= 0 for an answer");
    }
    if (!answered && label != NO_LABEL) {
      throw new IllegalArgumentException(
          "label: " + label + " is not " + NO_LABEL + " for an abstention");
    }
  }

  /** An answer with class {@code label}. */
  public static Answer of(int label) {
    return new Answer(label, true);
  }

  /** An abstention. */
  public static Answer abstained() {
    return ABSTAINED;
  }
}
