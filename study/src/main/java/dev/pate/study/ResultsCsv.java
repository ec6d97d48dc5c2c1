package dev.pate.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * results.csv: one row per point (and repeat), in grid order: the point, the value of every swept
 * key (a column named by its key path), then the results. Numbers are written in full precision;
 * an empty {@code student_accuracy} means no student was trained.
 *
 * <p>{@code epsilon_published} is the epsilon a user may publish for the point, with its kind
 * ({@code guarantee}, or {@code released} for a smooth-sensitivity release), delta, order and
 * conversion. The data-dependent epsilon that was not released is a function of the private votes:
 * its column says {@code not_publishable}. {@code on_frontier} marks the settings no other beats
 * in validation accuracy at a lower or equal published epsilon ({@code ParetoFrontier}); it is
 * empty without a validation split, where nothing is chosen.
 */
public final class ResultsCsv {

  private record Column(String name, Function<StudyRow, Object> value) {}

  /** An empty cell for a value a point has not (no student, no labels to measure against). */
  private static Object orEmpty(Double value) {
    return value == null ? "" : value;
  }

  private static final List<Column> RESULTS = List.of(
      new Column("seed", StudyRow::seed),
      new Column("teachers", StudyRow::teachers),
      new Column("teacher_accuracy_mean", StudyRow::teacherAccuracy),
      new Column("mechanism", StudyRow::mechanism),
      new Column("noise_parameter", StudyRow::noiseParameter),
      new Column("noise_value", StudyRow::noiseValue),
      new Column("queries", StudyRow::queries),
      new Column("queries_answered", StudyRow::queriesAnswered),
      new Column("label_accuracy", r -> orEmpty(r.labelAccuracy())),
      new Column("plurality_accuracy", r -> orEmpty(r.pluralityAccuracy())),
      new Column("epsilon_data_independent", StudyRow::epsilonDataIndependent),
      new Column("order_data_independent", StudyRow::orderDataIndependent),
      new Column("epsilon_data_dependent_not_publishable", StudyRow::epsilonDataDependent),
      new Column("order_data_dependent_not_publishable", StudyRow::orderDataDependent),
      new Column("delta", StudyRow::delta),
      new Column("conversion", StudyRow::conversion),
      new Column("randomness", StudyRow::randomness),
      new Column("epsilon_published", r -> r.published().epsilon()),
      new Column("epsilon_published_kind", r -> r.published().kind()),
      new Column("epsilon_published_delta", r -> r.published().delta()),
      new Column("epsilon_published_order", r -> r.published().order()),
      new Column("epsilon_published_conversion", r -> r.published().conversion()),
      new Column("student_validation_accuracy", r -> orEmpty(r.validationAccuracy())),
      new Column("student_accuracy", r -> orEmpty(r.studentAccuracy())),
      new Column("teachers_from", StudyRow::teachersFrom),
      new Column("seconds_teachers", r -> r.seconds().teachers()),
      new Column("seconds_votes", r -> r.seconds().votes()),
      new Column("seconds_aggregation", r -> r.seconds().aggregation()),
      new Column("seconds_student", r -> r.seconds().student()),
      new Column("seconds_total", r -> r.seconds().total()),
      new Column("folder", StudyRow::folder));

  private ResultsCsv() {}

  /** The column names: point, the swept keys (but seed, which always has its column), results. */
  public static List<String> header(List<String> sweptKeys) {
    List<String> names = new ArrayList<>(List.of("point"));
    names.addAll(swept(sweptKeys));
    RESULTS.forEach(c -> names.add(c.name()));
    names.add("on_frontier");
    return names;
  }

  /** The whole file; {@code frontier} marks the rows on it. */
  static String of(List<StudyRow> rows, List<String> sweptKeys, ParetoFrontier frontier) {
    StringBuilder text = new StringBuilder();
    CSVFormat format = CSVFormat.DEFAULT.builder()
        .setHeader(header(sweptKeys).toArray(String[]::new)).setRecordSeparator('\n').build();
    try (CSVPrinter out = new CSVPrinter(text, format)) {
      for (StudyRow row : rows) {
        List<Object> values = new ArrayList<>();
        values.add(row.point());
        swept(sweptKeys).forEach(key -> values.add(row.coordinates().get(key)));
        RESULTS.forEach(c -> values.add(c.value().apply(row)));
        values.add(frontier.isEmpty() ? "" : frontier.onFrontier(row));
        out.printRecord(values);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot format results.csv", e);
    }
    return text.toString();
  }

  private static List<String> swept(List<String> sweptKeys) {
    return sweptKeys.stream().filter(k -> !k.equals("seed")).toList();
  }
}
