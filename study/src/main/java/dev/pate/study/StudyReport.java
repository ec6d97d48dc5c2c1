package dev.pate.study;

import dev.pate.config.Study;
import dev.pate.config.StudyPoint;
import dev.pate.config.SweepAxis;
import dev.pate.pipeline.output.NumberText;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A finished study's results, gathered from its points' report.json and ledger.jsonl files (so a
 * point finished by an earlier, interrupted run counts like any other), and written into the
 * study folder: results.csv, the plots and report.html.
 */
final class StudyReport {
  static final String RESULTS = "results.csv";
  static final String HTML = "report.html";

  private StudyReport() {}

  /** Writes the study's results and returns its rows, in grid order. */
  static List<StudyRow> write(Study study, StudyFolder folder) {
    List<StudyRow> rows = new ArrayList<>();
    List<EpsilonCurve> curves = new ArrayList<>();
    String firstSeed = study.points().get(0).coordinates().get("seed");
    List<String> refused = new ArrayList<>();
    for (StudyPoint point : study.points()) {
      if (!folder.finished(point)) {
        // Only a point the data set's budget refused ends a study unfinished.
        refused.add("point " + point.index() + " (" + point.label() + ") was refused by the"
            + " private data set's budget: no report, no charge");
        continue;
      }
      StudyRow row = StudyRow.of(point.index(), StudyFolder.relative(point),
          point.coordinates(), folder.report(point));
      rows.add(row);
      // One curve per setting: the first repeat stands for the others.
      if (firstSeed == null || firstSeed.equals(point.coordinates().get("seed"))) {
        curves.add(EpsilonCurves.of(curveLabel(point, row), row.noiseParameter() + " "
            + NumberText.of(row.noiseValue()), folder.point(point), point.config()));
      }
    }
    folder.write(RESULTS, ResultsCsv.of(rows, study.sweptKeys()));
    Map<String, byte[]> plots = StudyPlots.render(rows, curves);
    for (String name : List.of(StudyPlots.LABEL_ACCURACY, StudyPlots.EPSILON,
        StudyPlots.FRONTIER)) {
      if (plots.containsKey(name)) {
        folder.write(name, plots.get(name));
      } else {
        deleteStale(folder.path().resolve(name));
      }
    }
    List<String> facts = new ArrayList<>(facts(study));
    facts.addAll(refused);
    folder.write(HTML, HtmlReport.of(study.name(), facts, rows, study.sweptKeys(), plots));
    return rows;
  }

  /** The point's swept values but the seed, or its teachers and noise when nothing is swept. */
  private static String curveLabel(StudyPoint point, StudyRow row) {
    String label = point.coordinates().entrySet().stream()
        .filter(e -> !e.getKey().equals("seed"))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
    return label.isEmpty() ? row.teachers() + " teachers, " + row.noiseParameter() + " "
        + NumberText.of(row.noiseValue()) : label;
  }

  private static List<String> facts(Study study) {
    List<String> facts = new ArrayList<>();
    facts.add(study.points().size() + " points" + (study.axes().isEmpty() ? ""
        : ": " + study.axes().stream().map(StudyReport::describe)
            .collect(Collectors.joining(" x "))));
    facts.add("Each point's folder (points/<id>/) holds its config.yaml, votes.csv, labels.csv,"
        + " ledger.jsonl and report.json; teachers are in the cache (../cache/teachers/).");
    facts.addAll(study.notes());
    return facts;
  }

  private static String describe(SweepAxis axis) {
    return String.format(Locale.ROOT, "%s %s", axis.repeats() ? "seeds" : axis.key(),
        axis.values());
  }

  private static void deleteStale(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UserError("cannot delete the stale " + file, e);
    }
  }
}
