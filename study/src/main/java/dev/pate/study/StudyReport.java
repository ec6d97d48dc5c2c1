package dev.pate.study;

import dev.pate.config.ConfigLoader;
import dev.pate.config.ConfigWriter;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.config.Study;
import dev.pate.config.StudyPoint;
import dev.pate.config.SweepAxis;
import dev.pate.pipeline.output.NumberText;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A finished study's results, gathered from its points' report.json and ledger.jsonl files (so a
 * point finished by an earlier, interrupted run counts like any other), and written into the
 * study folder: results.csv, the plots, report.html, and for each epsilon target of its {@code
 * frontier} section the best setting chosen on the validation split as a ready-to-run
 * {@code best-eps-<target>.yaml}.
 */
final class StudyReport {
  static final String RESULTS = "results.csv";
  static final String HTML = "report.html";

  private StudyReport() {}

  /**
   * Every plot file a study may write, of either shape: those a study does not write this time
   * are deleted, so that none is left from an earlier run of another grid.
   */
  private static final List<String> PLOTS = List.of(StudyPlots.LABEL_ACCURACY,
      StudyPlots.EPSILON, StudyPlots.FRONTIER, MultiLabelPlots.MICRO_F1, MultiLabelPlots.LABEL_SET);

  /**
   * Writes the study's results and returns its rows, in grid order. A multi-label study (its
   * points share their data set, so they are all multi-label or none is) has its own.
   */
  static StudyResults write(Study study, StudyFolder folder) {
    if (study.first().multiLabel().enabled()) {
      return writeMultiLabel(study, folder);
    }
    List<StudyRow> rows = new ArrayList<>();
    List<EpsilonCurve> curves = new ArrayList<>();
    String firstSeed = study.points().get(0).coordinates().get("seed");
    List<String> refused = new ArrayList<>();
    for (StudyPoint point : study.points()) {
      if (!folder.finished(point)) {
        refused.add(refused(point));
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
    ParetoFrontier frontier = ParetoFrontier.of(rows);
    folder.write(RESULTS, ResultsCsv.of(rows, study.sweptKeys(), frontier));
    Map<String, byte[]> plots = StudyPlots.render(rows, curves, frontier,
        study.frontier().anchors());
    writePlots(folder, plots);
    List<String> facts = new ArrayList<>(facts(study));
    facts.addAll(refused);
    Map<Double, String> bestFiles = writeBest(study, folder, frontier);
    folder.write(HTML, HtmlReport.of(study.name(), facts, rows, study.sweptKeys(), plots,
        frontier, study.frontier(), bestFiles));
    return new StudyResults.SingleLabel(rows);
  }

  /**
   * A multi-label study's results: results.csv of {@link MultiLabelRow}s, the student's scores
   * against the guarantee ({@link MultiLabelPlots}) and report.html. No frontier and no best
   * files: multi-label runs have no validation split to choose on.
   */
  private static StudyResults writeMultiLabel(Study study, StudyFolder folder) {
    List<MultiLabelRow> rows = new ArrayList<>();
    List<String> facts = new ArrayList<>(facts(study));
    for (StudyPoint point : study.points()) {
      if (!folder.finished(point)) {
        facts.add(refused(point));
        continue;
      }
      rows.add(MultiLabelRow.of(point.index(), StudyFolder.relative(point), point.coordinates(),
          folder.report(point)));
    }
    folder.write(RESULTS, ResultsCsv.multiLabel(rows, study.sweptKeys()));
    Map<String, byte[]> plots = MultiLabelPlots.render(rows);
    writePlots(folder, plots);
    folder.write(HTML, HtmlReport.ofMultiLabel(study.name(), facts, rows,
        study.sweptKeys(), plots));
    return new StudyResults.MultiLabel(rows);
  }

  /** Only a point the data set's budget refused ends a study unfinished. */
  private static String refused(StudyPoint point) {
    return "point " + point.index() + " (" + point.label() + ") was refused by the private data"
        + " set's budget: no report, no charge";
  }

  /** Writes {@code plots} and deletes every other plot file a study may have left. */
  private static void writePlots(StudyFolder folder, Map<String, byte[]> plots) {
    for (String name : PLOTS) {
      if (plots.containsKey(name)) {
        folder.write(name, plots.get(name));
      } else {
        deleteStale(folder.path().resolve(name));
      }
    }
  }

  /** The file of a target's best setting, e.g. {@code best-eps-1.0.yaml}. */
  static String bestFile(double target) {
    return BEST_PREFIX + target + ".yaml";
  }

  private static final String BEST_PREFIX = "best-eps-";

  /**
   * For each target, the frontier's setting of highest validation accuracy at a published epsilon
   * at most the target, as its first repeat's config under its own name (so that {@code pate
   * run} writes it beside the study, not into it); stale files of an earlier run are deleted.
   *
   * @return each target's file name, for the targets some setting meets
   */
  private static Map<Double, String> writeBest(Study study, StudyFolder folder,
      ParetoFrontier frontier) {
    try (Stream<Path> files = Files.list(folder.path())) {
      for (Path stale : files.filter(f -> f.getFileName().toString().startsWith(BEST_PREFIX))
          .toList()) {
        deleteStale(stale);
      }
    } catch (IOException e) {
      throw new UserError("cannot list " + folder.path() + ": " + e.getMessage(), e);
    }
    Map<Double, String> written = new LinkedHashMap<>();
    for (double target : study.frontier().targets()) {
      Optional<ParetoFrontier.Setting> best = frontier.best(target);
      if (best.isEmpty()) {
        continue;
      }
      String file = bestFile(target);
      folder.write(file, bestYaml(study, best.get(), target, file));
      written.put(target, file);
    }
    return written;
  }

  private static String bestYaml(Study study, ParetoFrontier.Setting best, double target,
      String file) {
    StudyPoint point = study.points().stream().filter(p -> p.index() == best.first().point())
        .findFirst().orElseThrow();
    String name = study.name() + "-" + file.substring(0, file.length() - ".yaml".length());
    RunConfig config = ConfigLoader.parse(ConfigWriter.toYaml(point.config()), file,
        List.of("name=" + name));
    StudyRow.Published published = best.first().published();
    StringBuilder text = new StringBuilder();
    text.append(String.format(Locale.ROOT, "# %s: the setting of study %s with the highest"
        + " validation accuracy\n# among those whose published epsilon is at most %s, chosen on"
        + " the validation split of\n# the public data (dataset.validation), never on the"
        + " held-out examples.\n", file, study.name(), NumberText.of(target)));
    text.append("#   setting: ").append(best.label()).append('\n');
    text.append(String.format(Locale.ROOT, "#   published epsilon: %s (%s, delta %s, %s"
        + " conversion)%s\n", NumberText.of(best.epsilon()), best.kind(), published.delta(),
        published.conversion(), best.repeats().size() > 1
            ? ", the largest of " + best.repeats().size() + " repeats" : ""));
    text.append(String.format(Locale.ROOT, "#   validation accuracy: %.4f%s\n", best.validation(),
        best.repeats().size() > 1 ? " (mean of " + best.repeats().size() + " repeats)" : ""));
    text.append(String.format(Locale.ROOT, "#   held-out accuracy: %.4f mean, %.4f worst"
        + " (reported once, for this chosen setting)\n", best.heldOutMean(), best.heldOutWorst()));
    if (config.aggregator().randomness() == Randomness.SEEDED) {
      text.append("# Its noise is seeded (aggregator.randomness: seeded): no real privacy; set it"
          + " to secure before\n# publishing anything.\n");
    }
    text.append("# Run it with: ./pate run ").append(file).append('\n');
    return text.append(ConfigWriter.toYaml(config)).toString();
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
    String votes = study.first().multiLabel().enabled() ? "votes.npy" : "votes.csv";
    facts.add("Each point's folder (points/<id>/) holds its config.yaml, " + votes + ", labels.csv,"
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
