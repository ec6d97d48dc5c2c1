package dev.pate.pipeline.multilabel;

import dev.pate.student.multilabel.MultiLabelMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A released multi-label student's scores on labelled examples ({@code pate evaluate}): the
 * metrics report.json gives its held-out examples, on the examples given.
 *
 * @param input the file or folder the examples came from
 * @param labels the label names, in the order of the per-label scores
 * @param dropped CSV records in the rows asked for that were dropped for a missing value
 * @param poolRows of the examples, those the student learnt from (its query pool, {@link
 *     dev.pate.pipeline.release.PoolRows}): the scores are not held-out ones when this is not 0
 * @param metrics per-label accuracy and F1, micro and macro F1, label-set accuracy
 */
public record MultiLabelEvaluation(String input, List<String> labels, int dropped, int poolRows,
    MultiLabelMetrics metrics) {

  public MultiLabelEvaluation {
    Objects.requireNonNull(input, "input");
    labels = List.copyOf(labels);
    Objects.requireNonNull(metrics, "metrics");
    if (metrics.perLabelF1().length != labels.size()) {
      throw new IllegalArgumentException("metrics: " + metrics.perLabelF1().length
          + " labels scored, not the " + labels.size() + " named");
    }
  }

  /** JSON-ready values: the input, the label names and the metrics as report.json keys them. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("input", input);
    m.put("kind", ReleasedMultiLabelModel.KIND);
    m.put("dropped", dropped);
    m.put("pool_rows", poolRows);
    m.put("labels", labels);
    m.putAll(metrics.toMap());
    return m;
  }

  /** The scores as aligned text: the summary, then one line per label. */
  public String table() {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "micro-F1 %.4f, macro-F1 %.4f, label-set accuracy %.4f"
            + " on %d examples of %s%s%n", metrics.microF1(), metrics.macroF1(),
        metrics.labelSetAccuracy(), metrics.examples(), input, dropped > 0 ? " (" + dropped
            + " records dropped for a missing value)" : ""));
    if (poolRows > 0) {
      b.append(String.format(Locale.ROOT, "%d of them were the student's query pool (it learnt"
          + " from them): not held-out scores%n", poolRows));
    }
    int width = Math.max(5, labels.stream().mapToInt(String::length).max().orElse(1));
    String row = "%-" + width + "s %9s %9s%n";
    b.append(String.format(Locale.ROOT, row, "label", "accuracy", "F1"));
    double[] accuracy = metrics.perLabelAccuracy();
    double[] f1 = metrics.perLabelF1();
    for (int j = 0; j < labels.size(); j++) {
      b.append(String.format(Locale.ROOT, row, labels.get(j),
          String.format(Locale.ROOT, "%.4f", accuracy[j]),
          String.format(Locale.ROOT, "%.4f", f1[j])));
    }
    return b.toString();
  }
}
