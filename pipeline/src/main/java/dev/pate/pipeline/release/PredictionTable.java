package dev.pate.pipeline.release;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Predictions as CSV: {@code index,prediction,confidence} (the example's position in its file,
 * the predicted class's name, its probability), and with probabilities one {@code p_<class>}
 * column per class. A folder of images gets a {@code file} column after {@code index} (the
 * image's path in the folder). Names are quoted where CSV needs it.
 */
public final class PredictionTable {
  private PredictionTable() {}

  public static String csv(List<String> classes, ReleasedModel.Examples examples,
      ReleasedModel.Predictions predictions, boolean probabilities) {
    boolean files = examples.files() != null;
    List<String> header = new ArrayList<>(files ? List.of("index", "file", "prediction",
        "confidence") : List.of("index", "prediction", "confidence"));
    if (probabilities) {
      classes.forEach(c -> header.add("p_" + c));
    }
    StringWriter out = new StringWriter();
    try (CSVPrinter printer = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build()
        .print(out)) {
      printer.printRecord(header);
      for (int i = 0; i < examples.size(); i++) {
        List<String> row = new ArrayList<>();
        row.add(Integer.toString(examples.positions()[i]));
        if (files) {
          row.add(examples.files().get(i));
        }
        row.add(classes.get(predictions.classOf(i)));
        row.add(number(predictions.confidence(i)));
        if (probabilities) {
          for (double p : predictions.probabilitiesOf(i)) {
            row.add(number(p));
          }
        }
        printer.printRecord(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static String number(double p) {
    return String.format(Locale.ROOT, "%.6f", p);
  }
}
