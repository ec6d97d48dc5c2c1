package dev.pate.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 *
 * <p>A multi-label study has its own columns ({@link #multiLabelHeader}): scores of label sets
 * (micro-F1, macro-F1, label-set accuracy) in place of accuracies, the mechanism's sigma, tau and
 * threshold in place of one noise parameter, the same epsilons. As in single-label studies, the
 * teachers' and the noiseless vote's scores, the data-dependent epsilon and the non-private
 * ceiling are private figures (report.json keeps them under {@code private}): the study folder is
 * the data owner's.
 */
public final class ResultsCsv {

  private record Column<R>(String name, Function<R, Object> value) {}

  /** The first column: the point's number. */
  static final String POINT = "point";
  /** The column after the swept keys: the seed of the row's run. */
  static final String SEED = "seed";
  /** The student's accuracy on the validation split: what settings are chosen on. */
  static final String VALIDATION = "student_validation_accuracy";

  /** An empty cell for a value a point has not (no student, no labels to measure against). */
  private static Object orEmpty(Double value) {
    return value == null ? "" : value;
  }

  private static final List<Column<StudyRow>> RESULTS = List.of(
      new Column<>(SEED, StudyRow::seed),
      new Column<>("teachers", StudyRow::teachers),
      new Column<>("teacher_accuracy_mean", StudyRow::teacherAccuracy),
      new Column<>("mechanism", StudyRow::mechanism),
      new Column<>("noise_parameter", StudyRow::noiseParameter),
      new Column<>("noise_value", StudyRow::noiseValue),
      new Column<>("queries", StudyRow::queries),
      new Column<>("queries_answered", StudyRow::queriesAnswered),
      new Column<>("label_accuracy", r -> orEmpty(r.labelAccuracy())),
      new Column<>("plurality_accuracy", r -> orEmpty(r.pluralityAccuracy())),
      new Column<>("epsilon_data_independent", StudyRow::epsilonDataIndependent),
      new Column<>("order_data_independent", StudyRow::orderDataIndependent),
      new Column<>("epsilon_data_dependent_not_publishable", StudyRow::epsilonDataDependent),
      new Column<>("order_data_dependent_not_publishable", StudyRow::orderDataDependent),
      new Column<>("delta", StudyRow::delta),
      new Column<>("conversion", StudyRow::conversion),
      new Column<>("randomness", StudyRow::randomness),
      new Column<>("epsilon_published", r -> r.published().epsilon()),
      new Column<>("epsilon_published_kind", r -> r.published().kind()),
      new Column<>("epsilon_published_delta", r -> r.published().delta()),
      new Column<>("epsilon_published_order", r -> r.published().order()),
      new Column<>("epsilon_published_conversion", r -> r.published().conversion()),
      new Column<>(VALIDATION, r -> orEmpty(r.validationAccuracy())),
      new Column<>("student_accuracy", r -> orEmpty(r.studentAccuracy())),
      new Column<>("teachers_from", StudyRow::teachersFrom),
      new Column<>("seconds_teachers", r -> r.seconds().teachers()),
      new Column<>("seconds_votes", r -> r.seconds().votes()),
      new Column<>("seconds_aggregation", r -> r.seconds().aggregation()),
      new Column<>("seconds_student", r -> r.seconds().student()),
      new Column<>("seconds_total", r -> r.seconds().total()),
      new Column<>("folder", StudyRow::folder));

  /**
   * The columns of a multi-label study's results.csv (after the point and the swept keys): the
   * mechanism and its parameters, the queries, the released answers' scores, every epsilon as
   * for single-label points, the student's and the non-private ceiling's scores on the held-out
   * canvases. Empty cells: a parameter the mechanism has not, no student, no ceiling.
   */
  private static final List<Column<MultiLabelRow>> MULTI_LABEL = List.of(
      new Column<>("seed", MultiLabelRow::seed),
      new Column<>("teachers", MultiLabelRow::teachers),
      new Column<>("teacher_micro_f1_mean", MultiLabelRow::teacherMicroF1),
      new Column<>("mechanism", MultiLabelRow::mechanism),
      new Column<>("sigma", MultiLabelRow::sigma),
      new Column<>("tau", r -> orEmpty(r.tau())),
      new Column<>("threshold", r -> orEmpty(r.threshold())),
      new Column<>("noise", MultiLabelRow::noise),
      new Column<>("queries", MultiLabelRow::queries),
      new Column<>("queries_asked", MultiLabelRow::queriesAsked),
      new Column<>("queries_answered", MultiLabelRow::queriesAnswered),
      new Column<>("answers_micro_f1", r -> score(r.answers(), Score.MICRO_F1)),
      new Column<>("answers_macro_f1", r -> score(r.answers(), Score.MACRO_F1)),
      new Column<>("answers_label_set_accuracy", r -> score(r.answers(), Score.LABEL_SET)),
      new Column<>("noiseless_vote_micro_f1", r -> score(r.noiselessVote(), Score.MICRO_F1)),
      new Column<>("epsilon_data_independent", r -> r.privacy().epsilonDataIndependent()),
      new Column<>("order_data_independent", r -> r.privacy().orderDataIndependent()),
      new Column<>("epsilon_data_dependent_not_publishable",
          r -> r.privacy().epsilonDataDependent()),
      new Column<>("order_data_dependent_not_publishable", r -> r.privacy().orderDataDependent()),
      new Column<>("delta", r -> r.privacy().delta()),
      new Column<>("conversion", r -> r.privacy().conversion()),
      new Column<>("randomness", r -> r.privacy().randomness()),
      new Column<>("epsilon_published", r -> r.privacy().published().epsilon()),
      new Column<>("epsilon_published_kind", r -> r.privacy().published().kind()),
      new Column<>("epsilon_published_delta", r -> r.privacy().published().delta()),
      new Column<>("epsilon_published_order", r -> r.privacy().published().order()),
      new Column<>("epsilon_published_conversion", r -> r.privacy().published().conversion()),
      new Column<>("student_micro_f1", r -> score(r.student(), Score.MICRO_F1)),
      new Column<>("student_macro_f1", r -> score(r.student(), Score.MACRO_F1)),
      new Column<>("student_label_set_accuracy", r -> score(r.student(), Score.LABEL_SET)),
      new Column<>("ceiling_micro_f1", r -> score(r.ceiling(), Score.MICRO_F1)),
      new Column<>("ceiling_label_set_accuracy", r -> score(r.ceiling(), Score.LABEL_SET)),
      new Column<>("seconds_teachers", r -> r.seconds().teachers()),
      new Column<>("seconds_votes", r -> r.seconds().votes()),
      new Column<>("seconds_labelling", r -> r.seconds().aggregation()),
      new Column<>("seconds_student", r -> r.seconds().student()),
      new Column<>("seconds_total", r -> r.seconds().total()),
      new Column<>("folder", MultiLabelRow::folder));

  /** A score of a set of predicted label sets. */
  private enum Score { MICRO_F1, MACRO_F1, LABEL_SET }

  /** A score, or an empty cell when there is nothing scored (no student, no ceiling). */
  private static Object score(MultiLabelRow.Scores scores, Score which) {
    if (scores == null) {
      return "";
    }
    return switch (which) {
      case MICRO_F1 -> scores.microF1();
      case MACRO_F1 -> scores.macroF1();
      case LABEL_SET -> scores.labelSetAccuracy();
    };
  }

  private ResultsCsv() {}

  /** The column names: point, the swept keys (but seed, which always has its column), results. */
  public static List<String> header(List<String> sweptKeys) {
    return names(sweptKeys, single(ParetoFrontier.of(List.of())));
  }

  /** The column names of a multi-label study's results.csv. */
  public static List<String> multiLabelHeader(List<String> sweptKeys) {
    return names(sweptKeys, MULTI_LABEL);
  }

  /** The whole file; {@code frontier} marks the rows on it. */
  static String of(List<StudyRow> rows, List<String> sweptKeys, ParetoFrontier frontier) {
    return format(rows, sweptKeys, single(frontier), StudyRow::point, StudyRow::coordinates);
  }

  /** The whole file of a multi-label study. */
  static String multiLabel(List<MultiLabelRow> rows, List<String> sweptKeys) {
    return format(rows, sweptKeys, MULTI_LABEL, MultiLabelRow::point,
        MultiLabelRow::coordinates);
  }

  /** The single-label columns, {@code on_frontier} last. */
  private static List<Column<StudyRow>> single(ParetoFrontier frontier) {
    List<Column<StudyRow>> columns = new ArrayList<>(RESULTS);
    columns.add(new Column<>("on_frontier",
        r -> frontier.isEmpty() ? "" : frontier.onFrontier(r)));
    return columns;
  }

  private static <R> List<String> names(List<String> sweptKeys, List<Column<R>> columns) {
    List<String> names = new ArrayList<>(List.of(POINT));
    names.addAll(swept(sweptKeys));
    columns.forEach(c -> names.add(c.name()));
    return names;
  }

  private static <R> String format(List<R> rows, List<String> sweptKeys, List<Column<R>> columns,
      Function<R, Integer> point, Function<R, Map<String, String>> coordinates) {
    StringBuilder text = new StringBuilder();
    CSVFormat format = CSVFormat.DEFAULT.builder()
        .setHeader(names(sweptKeys, columns).toArray(String[]::new)).setRecordSeparator('\n')
        .build();
    try (CSVPrinter out = new CSVPrinter(text, format)) {
      for (R row : rows) {
        List<Object> values = new ArrayList<>();
        values.add(point.apply(row));
        swept(sweptKeys).forEach(key -> values.add(coordinates.apply(row).get(key)));
        columns.forEach(c -> values.add(c.value().apply(row)));
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
