package dev.pate.cli;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.config.StudyPoint;
import dev.pate.files.UserError;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.RunPlace;
import dev.pate.files.OneLine;
import dev.pate.pipeline.report.SummaryJson;
import dev.pate.pipeline.report.SummaryTable;
import dev.pate.study.StudyPlanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pate run FILE [key=value ...]}: one whole PATE run from a YAML file. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"Train teachers, label public queries through the noisy aggregator, train the"
        + " student, and write runs/<name>/<UTC timestamp>/ with config.yaml, votes.csv,"
        + " labels.csv, teachers/ and report.json. Teachers trained before with the same data,"
        + " partitions, network, training and seed are reused from the cache (runs/cache/)."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate run experiments/mnist-quick.yaml \\",
        "    aggregator.sigma2=40 aggregator.queries=1280",
        "  pate run experiments/mnist-quick.yaml --json --quiet > summary.json"})
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
      description = "The run's YAML file (not with --resume).")
  Path file;

  @Parameters(index = "1..*", paramLabel = "KEY=VALUE",
      description = "Overrides applied after the file, e.g. teachers.count=100.")
  List<String> overrides = List.of();

  @Mixin
  ExperimentOptions options;

  @Option(names = "--resume", paramLabel = "RUN_FOLDER",
      description = "Finish an interrupted run in its own folder: same config.yaml, teachers"
          + " from the cache or retrained from their seeds (their votes must equal votes.csv),"
          + " labelling continued after the last charge in ledger.jsonl.")
  Path resume;

  @Option(names = "--json",
      description = "Print the summary as JSON on standard output (its headline epsilon and the"
          + " report, private parts included) and nothing else; progress goes to standard error.")
  boolean json;

  @Option(names = "--quiet", description = "No progress bars (messages and the summary still).")
  boolean quiet;

  @Override
  public Integer call() {
    RunConfig config;
    RunPlace place;
    if (resume != null) {
      if (file != null || !overrides.isEmpty() || options.seed != null || options.dryRun
          || options.budgetDir != null) {
        throw new UserError("--resume: give the run folder only; its config.yaml is used as is");
      }
      requireRunFolder(resume);
      config = ConfigLoader.load(resume.resolve("config.yaml"), List.of());
      // <out>/<name>/<stamp>: the cache is under <out>, unless --out says otherwise.
      Path outDir = options.out != null ? options.out
          : resume.toAbsolutePath().normalize().getParent().getParent();
      place = RunPlace.resume(resume, outDir);
    } else if (file == null) {
      throw new UserError("run: give a YAML file (or --resume RUN_FOLDER)");
    } else {
      config = ConfigLoader.load(file, options.overrides(overrides));
      place = RunPlace.newRun(options.outDir(config));
    }
    if (config.multiLabel().enabled() && !options.dryRun) {
      return runMultiLabel(config, place);
    }
    if (options.dryRun) {
      if (json) {
        throw new UserError("--json: not with --dry-run, which prints a plan, not a summary");
      }
      Path outDir = options.outDir(config);
      System.out.print(new StudyPlanner(outDir, options.dataDir).plan(config.name(),
          List.of(new StudyPoint(1, Map.of(), config)), List.of(),
          outDir.resolve(config.name()).resolve("<UTC timestamp>")));
      return 0;
    }
    return runAndSummarise(console -> PatePipeline.builder(config).dataDir(options.dataDir)
            .place(place).listener(console).build().run(),
        result -> SummaryTable.of(result.report()), result -> SummaryJson.of(result.report()));
  }

  /** A multi-label run: the same progress, log and summary lines, its own report. */
  private Integer runMultiLabel(RunConfig config, RunPlace place) {
    return runAndSummarise(console -> PatePipeline.builder(config).dataDir(options.dataDir)
            .place(place).listener(console).build().runMultiLabel(),
        result -> result.report().summary(), result -> Json.write(result.report()));
  }

  /**
   * Runs {@code run} with the console's progress and the run log, then prints {@code summary}
   * (or, with {@code --json}, {@code asJson}) of its result.
   */
  private <T> Integer runAndSummarise(Function<ConsoleListener, T> run,
      Function<T, String> summary, Function<T, String> asJson) {
    // With --json standard output is the JSON alone: progress and messages go to errors.
    try (RunLog log = new RunLog()) {
      ConsoleListener console = new ConsoleListener(json ? System.err : System.out, !quiet, log);
      Supplier<T> started = () -> run.apply(console);
      T result;
      try {
        // A resumed run's user has the --resume command already: repeating it after a refusal
        // of the folder's records would only mislead.
        result = resume == null ? resumable(console, started) : started.get();
      } catch (RuntimeException e) {
        log.line("pate: " + OneLine.of(e));
        throw e;
      }
      String text = summary.apply(result);
      log.line("");
      log.lines(text);
      if (json) {
        System.out.print(asJson.apply(result));
      } else {
        System.out.println();
        System.out.print(text);
      }
      return 0;
    }
  }

  /**
   * Refuses a folder that holds runs rather than being one ({@code runs/<name>} without the
   * timestamp), listing the runs in it, newest last, so the user can pick one.
   */
  private static void requireRunFolder(Path folder) {
    if (Files.exists(folder.resolve("config.yaml")) || !Files.isDirectory(folder)) {
      return; // a run folder, or nothing: ConfigLoader names the missing file
    }
    List<String> runs;
    try (Stream<Path> children = Files.list(folder)) {
      runs = children.filter(c -> Files.isRegularFile(c.resolve("config.yaml")))
          .map(Path::toString).sorted().toList();
    } catch (IOException e) {
      return;
    }
    if (!runs.isEmpty()) {
      throw new UserError("--resume " + folder + ": not a run folder but a folder of " + runs.size()
          + " runs; give one of them: " + String.join(", ", runs));
    }
  }

  /**
   * Runs {@code run}; if it stops once the run folder exists, by an error or an interruption
   * (Ctrl-C), says how to finish it with {@code --resume}.
   */
  private static <T> T resumable(ConsoleListener console, Supplier<T> run) {
    Thread interrupted = new Thread(() -> console.runFolder().filter(Files::isDirectory)
        .ifPresent(folder -> System.err.println("pate: " + ResumeHint.line(folder))));
    Runtime.getRuntime().addShutdownHook(interrupted);
    try {
      return run.get();
    } catch (RuntimeException e) {
      // A run refused before any work removes its folder: then there is nothing to resume.
      console.runFolder().filter(Files::isDirectory)
          .ifPresent(folder -> e.addSuppressed(new ResumeHint(folder)));
      throw e;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(interrupted);
      } catch (IllegalStateException shuttingDown) {
        // The JVM is shutting down: the hook runs and says how to resume.
      }
    }
  }
}
