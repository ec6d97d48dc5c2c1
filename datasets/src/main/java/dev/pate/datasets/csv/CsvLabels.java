package dev.pate.datasets.csv;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a CSV table's label columns hold: each row's one class ({@link OneClass}), or each row's
 * label set, one 0/1 column per label ({@link MultiHot}, a multi-hot target). Messages of the checks
 * start with the field as the run config spells it.
 */
public sealed interface CsvLabels {

  /** Every column that holds a label, in label order. */
  List<String> columns();

  /** What a label column is, for messages: "the label" or "a label column". */
  default String describe() {
    return this instanceof OneClass ? "the label" : "a label column";
  }

  /**
   * One column holding the class.
   *
   * @param column the label column
   * @param classes the class names; class {@code k} is {@code classes.get(k)}
   * @param suffix removed from the end of a label where present (Adult's test file writes {@code
   *     >50K.})
   */
  record OneClass(String column, List<String> classes, Optional<String> suffix)
      implements CsvLabels {
    public OneClass {
      Objects.requireNonNull(column, "column");
      classes = List.copyOf(classes);
      Objects.requireNonNull(suffix, "suffix");
      if (classes.size() < 2) {
        throw new IllegalArgumentException("classes: " + classes + " has fewer than 2 classes");
      }
      requireDistinct("classes", classes);
      if (suffix.isPresent() && suffix.get().isEmpty()) {
        throw new IllegalArgumentException("strip_label_suffix: empty; leave it out instead");
      }
    }

    @Override
    public List<String> columns() {
      return List.of(column);
    }
  }

  /**
   * One column per label, each holding 0 or 1: a row's label set is the columns holding 1, kept as
   * a bit mask (bit {@code j} for {@code columns.get(j)}).
   *
   * @param columns the label columns, in bit order
   */
  record MultiHot(List<String> columns) implements CsvLabels {

    /** Labels a bit mask in an {@code int} holds. */
    public static final int MAX_LABELS = 30;

    public MultiHot {
      columns = List.copyOf(columns);
      if (columns.isEmpty() || columns.size() > MAX_LABELS) {
        throw new IllegalArgumentException("labels: " + columns.size() + " columns, expected 1"
            + " to " + MAX_LABELS);
      }
      requireDistinct("labels", columns);
    }
  }

  /** Refuses a list naming a value twice; the message starts with {@code field}. */
  static void requireDistinct(String field, List<String> values) {
    Set<String> seen = new HashSet<>();
    for (String value : values) {
      if (!seen.add(value)) {
        throw new IllegalArgumentException(field + ": '" + value + "' is listed twice");
      }
    }
  }
}
