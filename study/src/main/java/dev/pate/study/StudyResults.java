package dev.pate.study;

import java.util.List;

/**
 * A finished study's rows, of one of the two shapes a study can have: single-label points (their
 * accuracies) or multi-label points (their F1 scores and label-set accuracies). A study is one or
 * the other: its points share their data set.
 */
public sealed interface StudyResults {

  /** The rows, one per point with results (a point the data set's budget refused has none). */
  List<?> rows();

  /** How many points have results. */
  default int size() {
    return rows().size();
  }

  /** The results as aligned text columns for the console, with a note on the epsilons. */
  String text(List<String> sweptKeys);

  /** The rows of a single-label study, in grid order. */
  record SingleLabel(List<StudyRow> rows) implements StudyResults {
    public SingleLabel {
      rows = List.copyOf(rows);
    }

    @Override
    public String text(List<String> sweptKeys) {
      return ResultsTable.text(rows, sweptKeys);
    }
  }

  /** The rows of a multi-label study, in grid order. */
  record MultiLabel(List<MultiLabelRow> rows) implements StudyResults {
    public MultiLabel {
      rows = List.copyOf(rows);
    }

    @Override
    public String text(List<String> sweptKeys) {
      return ResultsTable.multiLabelText(rows, sweptKeys);
    }
  }
}
