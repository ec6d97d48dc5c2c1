package dev.pate.student.multilabel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How well predicted label sets match the true ones.
 *
 * <ul>
 *   <li><b>Per-label accuracy</b>: for each label, the fraction of examples whose prediction for
 *       that label (present or not) is right.
 *   <li><b>Micro F1</b>: {@code 2 TP / (2 TP + FP + FN)} with the counts summed over every label
 *       of every example: dominated by the frequent labels.
 *   <li><b>Macro F1</b>: the mean over labels of each label's F1: every label weighs the same.
 *   <li><b>Label-set accuracy</b> (exact match): the fraction of examples whose whole predicted
 *       set is exactly the true set.
 * </ul>
 *
 * <p>An F1 with nothing to count (no true and no predicted positive) is 0, as scikit-learn's
 * default {@code zero_division} gives it.
 *
 * @param examples how many examples were scored
 * @param perLabelAccuracy one value per label
 * @param perLabelF1 one value per label
 * @param microF1 micro-averaged F1
 * @param macroF1 macro-averaged F1
 * @param labelSetAccuracy exact-match accuracy
 */
public record MultiLabelMetrics(int examples, double[] perLabelAccuracy, double[] perLabelF1,
    double microF1, double macroF1, double labelSetAccuracy) {

  public MultiLabelMetrics {
    perLabelAccuracy = perLabelAccuracy.clone();
    perLabelF1 = perLabelF1.clone();
  }

  /**
   * Scores {@code predicted} against {@code truth}, both bit masks over {@code labels} labels.
   *
   * @throws IllegalArgumentException if the lengths differ or there are no examples
   */
  public static MultiLabelMetrics of(int labels, int[] predicted, int[] truth) {
    if (predicted.length != truth.length || truth.length == 0) {
      throw new IllegalArgumentException("predicted, truth: " + predicted.length + " and "
          + truth.length + " examples (expected the same number, at least one)");
    }
    if (labels < 1 || labels > 30) {
      throw new IllegalArgumentException("labels: " + labels + " is not in 1..30");
    }
    long[] tp = new long[labels];
    long[] fp = new long[labels];
    long[] fn = new long[labels];
    long[] right = new long[labels];
    long exact = 0;
    for (int i = 0; i < truth.length; i++) {
      if (predicted[i] == truth[i]) {
        exact++;
      }
      for (int j = 0; j < labels; j++) {
        boolean p = ((predicted[i] >>> j) & 1) == 1;
        boolean t = ((truth[i] >>> j) & 1) == 1;
        if (p == t) {
          right[j]++;
        }
        if (p && t) {
          tp[j]++;
        } else if (p) {
          fp[j]++;
        } else if (t) {
          fn[j]++;
        }
      }
    }
    double[] accuracy = new double[labels];
    double[] f1 = new double[labels];
    long tpAll = 0;
    long fpAll = 0;
    long fnAll = 0;
    double f1Sum = 0;
    for (int j = 0; j < labels; j++) {
      accuracy[j] = right[j] / (double) truth.length;
      f1[j] = f1(tp[j], fp[j], fn[j]);
      f1Sum += f1[j];
      tpAll += tp[j];
      fpAll += fp[j];
      fnAll += fn[j];
    }
    return new MultiLabelMetrics(truth.length, accuracy, f1, f1(tpAll, fpAll, fnAll),
        f1Sum / labels, exact / (double) truth.length);
  }

  private static double f1(long tp, long fp, long fn) {
    long denominator = 2 * tp + fp + fn;
    return denominator == 0 ? 0 : 2.0 * tp / denominator;
  }

  @Override
  public double[] perLabelAccuracy() {
    return perLabelAccuracy.clone();
  }

  @Override
  public double[] perLabelF1() {
    return perLabelF1.clone();
  }

  /** JSON-ready values, keys as report.json writes them. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("examples", examples);
    m.put("micro_f1", microF1);
    m.put("macro_f1", macroF1);
    m.put("label_set_accuracy", labelSetAccuracy);
    m.put("per_label_accuracy", List.of(java.util.Arrays.stream(perLabelAccuracy).boxed()
        .toArray(Double[]::new)));
    m.put("per_label_f1", List.of(java.util.Arrays.stream(perLabelF1).boxed()
        .toArray(Double[]::new)));
    return m;
  }
}
