package dev.pate.study;

import dev.pate.pipeline.output.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The results as aligned text columns (for the console) or as rows of cells (for report.html):
 * the swept values, then the numbers a reader compares first. With a validation split, each
 * point shows the student's validation accuracy, not its held-out accuracy: the held-out accuracy
 * is reported for the chosen settings only (report.html's frontier table; every column is in
 * results.csv).
 */
public final class ResultsTable {

  private ResultsTable() {}

  /** The header and one row of cells per point. */
  public static List<List<String>> cells(List<StudyRow> rows, List<String> sweptKeys) {
    List<List<String>> table = new ArrayList<>();
    boolean validated = rows.stream().anyMatch(r -> r.validationAccuracy() != null);
    List<String> header = new ArrayList<>(List.of("point"));
    header.addAll(sweptKeys);
    header.addAll(List.of("teacher acc", "answered", "label acc", "eps published", "kind",
        "eps (data-dep., not publishable)", validated ? "student acc (validation)"
            : "student acc", "teachers", "seconds"));
    table.add(header);
    for (StudyRow row : rows) {
      List<String> cells = new ArrayList<>(List.of(Integer.toString(row.point())));
      sweptKeys.forEach(key -> cells.add(row.coordinates().get(key)));
      cells.add(fixed(row.teacherAccuracy()));
      cells.add(row.queriesAnswered() + "/" + row.queries());
      cells.add(row.labelAccuracy() == null ? "-" : fixed(row.labelAccuracy()));
      cells.add(fixed(row.published().epsilon()));
      cells.add(row.published().kind());
      cells.add(fixed(row.epsilonDataDependent()));
      Double student = validated ? row.validationAccuracy() : row.studentAccuracy();
      cells.add(student == null ? "-" : fixed(student));
      cells.add(row.teachersFrom());
      cells.add(String.format(Locale.ROOT, "%.1f", row.seconds().total()));
      table.add(cells);
    }
    return table;
  }

  /**
   * The header and one row of cells per point of a multi-label study: the scores are the
   * released answers' and the student's on the held-out canvases (every column, the ceiling's
   * included, is in results.csv).
   */
  public static List<List<String>> multiLabelCells(List<MultiLabelRow> rows,
      List<String> sweptKeys) {
    List<List<String>> table = new ArrayList<>();
    // The mechanism has its own column unless it is swept (then the swept column says it).
    boolean mechanismColumn = !sweptKeys.contains("multi_label.mechanism");
    List<String> header = new ArrayList<>(List.of("point"));
    header.addAll(sweptKeys);
    if (mechanismColumn) {
      header.add("mechanism");
    }
    header.addAll(List.of("sigma", "answered", "answers micro-F1", "eps published", "kind",
        "student micro-F1", "student macro-F1", "student label-set acc", "seconds"));
    table.add(header);
    for (MultiLabelRow row : rows) {
      List<String> cells = new ArrayList<>(List.of(Integer.toString(row.point())));
      sweptKeys.forEach(key -> cells.add(row.coordinates().get(key)));
      if (mechanismColumn) {
        cells.add(row.mechanism());
      }
      cells.add(NumberText.of(row.sigma()));
      cells.add(row.queriesAnswered() + "/" + row.queries());
      cells.add(row.answers() == null ? "-" : fixed(row.answers().microF1()));
      cells.add(fixed(row.privacy().published().epsilon()));
      cells.add(row.privacy().published().kind());
      MultiLabelRow.Scores student = row.student();
      cells.add(student == null ? "-" : fixed(student.microF1()));
      cells.add(student == null ? "-" : fixed(student.macroF1()));
      cells.add(student == null ? "-" : fixed(student.labelSetAccuracy()));
      cells.add(String.format(Locale.ROOT, "%.1f", row.seconds().total()));
      table.add(cells);
    }
    return table;
  }

  /** A multi-label study's aligned columns with a note on what the epsilons are. */
  public static String multiLabelText(List<MultiLabelRow> rows, List<String> sweptKeys) {
    StringBuilder out = new StringBuilder(aligned(multiLabelCells(rows, sweptKeys)));
    if (!rows.isEmpty()) {
      MultiLabelRow.Privacy first = rows.get(0).privacy();
      out.append(String.format(Locale.ROOT, "  epsilons at delta %s, %s conversion; the"
          + " published one is the guarantee (data-independent); scores on the held-out"
          + " canvases%n", first.delta(), first.conversion()));
    }
    return out.toString();
  }

  /** Aligned columns with a note on what the epsilons are. */
  public static String text(List<StudyRow> rows, List<String> sweptKeys) {
    StringBuilder out = new StringBuilder(aligned(cells(rows, sweptKeys)));
    if (!rows.isEmpty()) {
      StudyRow first = rows.get(0);
      out.append(String.format(Locale.ROOT, "  epsilons at delta %s, %s conversion; the"
          + " published one is the guarantee or a smooth-sensitivity release; the data-dependent"
          + " one is not itself private%n", first.delta(), first.conversion()));
    }
    return out.toString();
  }

  /** Rows of cells as left-aligned columns, indented by two spaces. */
  public static String aligned(List<List<String>> table) {
    int[] widths = new int[table.get(0).size()];
    for (List<String> row : table) {
      for (int c = 0; c < row.size(); c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> row : table) {
      out.append(' ');
      for (int c = 0; c < row.size(); c++) {
        out.append(' ').append(String.format(Locale.ROOT, "%-" + widths[c] + "s", row.get(c)));
      }
      out.append('\n');
    }
    return out.toString().replaceAll(" +\n", "\n");
  }

  static String fixed(double value) {
    return String.format(Locale.ROOT, "%.4f", value);
  }
}
