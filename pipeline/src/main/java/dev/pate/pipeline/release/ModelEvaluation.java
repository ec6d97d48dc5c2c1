package dev.pate.pipeline.release;

import dev.pate.files.UserError;
import java.util.List;
import java.util.Locale;

/**
 * A released model's accuracy on labelled examples, with its confusion matrix.
 *
 * @param input the file the examples came from
 * @param examples how many were evaluated
 * @param dropped CSV records in the rows asked for that were dropped for a missing value
 * @param accuracy fraction predicted right
 * @param classes class names, in matrix order
 * @param confusion {@code confusion[t][p]}: examples of true class t predicted as p
 * @param poolRows of the examples, those the student learnt from (its query pool, {@link
 *     PoolRows}): the accuracy is not a held-out one when this is not 0
 */
public record ModelEvaluation(String input, int examples, int dropped, double accuracy,
    List<String> classes, int[][] confusion, int poolRows) {

  public ModelEvaluation {
    classes = List.copyOf(classes);
    confusion = copy(confusion);
  }

  /** A copy: the evaluation stays as it was measured. */
  @Override
  public int[][] confusion() {
    return copy(confusion);
  }

  private static int[][] copy(int[][] matrix) {
    int[][] out = new int[matrix.length][];
    for (int t = 0; t < matrix.length; t++) {
      out[t] = matrix[t].clone();
    }
    return out;
  }

  /**
   * Evaluates {@code model} on {@code examples}, read from {@code input} (named in messages).
   *
   * @throws UserError if an example has no label (before anything is predicted)
   */
  public static ModelEvaluation of(ReleasedModel model, ReleasedModel.Examples examples,
      String input, int poolRows) {
    if (!examples.labelled()) {
      throw new UserError(input + ": some examples have no label; evaluate needs labels (for"
          + " images, --labels FILE, or a folder with one sub-folder per class)");
    }
    List<String> classes = model.classes();
    ReleasedModel.Predictions predictions = model.predict(examples);
    int[][] confusion = new int[classes.size()][classes.size()];
    int correct = 0;
    for (int i = 0; i < examples.size(); i++) {
      int truth = examples.labels()[i];
      int predicted = predictions.classOf(i);
      confusion[truth][predicted]++;
      correct += truth == predicted ? 1 : 0;
    }
    return new ModelEvaluation(input, examples.size(), examples.dropped(),
        correct / (double) examples.size(), classes, confusion, poolRows);
  }

  /** The accuracy and the confusion matrix as aligned text. */
  public String table() {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "accuracy %.4f on %d examples of %s%s%n", accuracy,
        examples, input, dropped > 0 ? " (" + dropped + " records dropped for a missing value)"
            : ""));
    if (poolRows > 0) {
      b.append(String.format(Locale.ROOT, "%d of them were the student's query pool (it learnt"
          + " from them): not a held-out accuracy%n", poolRows));
    }
    int width = Math.max(9, classes.stream().mapToInt(String::length).max().orElse(1));
    for (int[] row : confusion) {
      for (int count : row) {
        width = Math.max(width, Integer.toString(count).length());
      }
    }
    String cell = "%" + (width + 1) + "s";
    b.append(String.format(Locale.ROOT, cell, "true\\pred"));
    classes.forEach(c -> b.append(String.format(Locale.ROOT, cell, c)));
    b.append(System.lineSeparator());
    for (int t = 0; t < confusion.length; t++) {
      b.append(String.format(Locale.ROOT, cell, classes.get(t)));
      for (int count : confusion[t]) {
        b.append(String.format(Locale.ROOT, cell, count));
      }
      b.append(System.lineSeparator());
    }
    return b.toString();
  }
}
