package dev.pate.cli;

import dev.pate.config.Study;
import dev.pate.config.StudyLoader;
import dev.pate.pipeline.progress.Stopwatch;
import dev.pate.study.StudyFolder;
import dev.pate.study.StudyPlanner;
import dev.pate.study.StudyResults;
import dev.pate.study.StudyRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code pate sweep FILE [key=value ...]}: a whole study from one YAML file. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = {"Run a study: the file's sweep section expands its run config into a grid of"
        + " points (any keys, with values lists; sweep.seeds or sweep.repeats repeat each point),"
        + " each run like pate run in <out>/<name>/points/<id>/. Teachers are trained once per"
        + " data, partitions, network, training and seed, and reused from the cache"
        + " (<out>/cache/) with their votes. Writes results.csv, label-accuracy.png,"
        + " epsilon-vs-queries.png, student-vs-epsilon.png and report.html into <out>/<name>/"
        + " (for a multi-label config: results.csv, student-micro-f1-vs-epsilon.png,"
        + " student-label-set-accuracy-vs-epsilon.png and report.html).",
        "Interrupted (Ctrl-C, or killed), the same command finishes the study: finished points"
            + " are kept, saved teachers reused."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate sweep experiments/study-quick.yaml \\",
        "    'sweep.aggregator.gamma=[0.05,0.1]'"})
final class SweepCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The study's YAML file.")
  Path file;

  @Parameters(index = "1..*", paramLabel = "KEY=VALUE",
      description = "Overrides: key=value pins a key for every point (a swept key so set is not"
          + " swept); sweep.KEY=[a, b] replaces an axis, sweep.KEY=null removes one.")
  List<String> overrides = List.of();

  @Mixin
  ExperimentOptions options;

  @Override
  public Integer call() {
    List<String> all = options.overrides(overrides);
    Study study = StudyLoader.load(file, all);
    Path outDir = options.outDir(study.first());
    study.notes().forEach(note -> System.out.println("pate: " + note));
    if (options.dryRun) {
      System.out.print(new StudyPlanner(outDir, options.dataDir).plan(study.name(),
          study.points(), study.sweptKeys(), StudyFolder.of(outDir, study.name()).path()));
      return 0;
    }
    Stopwatch time = Stopwatch.start();
    StudyRunner runner = new StudyRunner(study, outDir, options.dataDir,
        new ConsoleListener(System.out));
    StudyResults results = runner.run(file.toString(), all);
    System.out.println();
    System.out.print(results.text(study.sweptKeys()));
    int refused = study.points().size() - results.size();
    System.out.printf(Locale.ROOT, "pate: study %s: %d points in %.1f s%s; results.csv, plots and"
        + " report.html in %s%n", study.name(), results.size(), time.seconds(), refused == 0 ? ""
        : " (" + refused + " refused by the private data set's budget)", runner.folder().path());
    return 0;
  }
}
