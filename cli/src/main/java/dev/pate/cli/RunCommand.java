package dev.pate.cli;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pate run FILE [key=value ...]}: one whole PATE run from a YAML file. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"Train teachers, label public queries through the noisy aggregator, train the"
        + " student, and write runs/<name>/<UTC timestamp>/ with config.yaml, votes.csv,"
        + " labels.csv, teachers/ and report.json.",
        "Example: pate run experiments/mnist-quick.yaml aggregator.gamma=0.1 teachers.count=100"})
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
      description = "The run's YAML file (not with --resume).")
  Path file;

  @Parameters(index = "1..*", paramLabel = "KEY=VALUE",
      description = "Overrides applied after the file, e.g. teachers.count=100.")
  List<String> overrides = List.of();

  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Folder holding mnist/, fashion-mnist/ ... (default: $PATE_DATA_DIR, ./data,"
          + " ../shared/data).")
  Path dataDir;

  @Option(names = "--out", paramLabel = "DIR", description = "Parent folder of run folders"
      + " (default: output.dir of the config, usually runs).")
  Path out;

  @Option(names = "--resume", paramLabel = "RUN_FOLDER",
      description = "Finish an interrupted run in its own folder: same config.yaml, teachers"
          + " retrained from their seeds (their votes must equal votes.csv), labelling continued"
          + " after the last charge in ledger.jsonl.")
  Path resume;

  @Override
  public Integer call() {
    RunConfig config;
    if (resume != null) {
      if (file != null || !overrides.isEmpty()) {
        throw new UserError("--resume: give the run folder only; its config.yaml is used as is");
      }
      config = ConfigLoader.load(resume.resolve("config.yaml"), List.of());
    } else if (file == null) {
      throw new UserError("run: give a YAML file (or --resume RUN_FOLDER)");
    } else {
      config = ConfigLoader.load(file, overrides);
    }
    RunReport report = new RunPipeline(config, dataDir, out, resume, System.out).run();
    System.out.println();
    System.out.print(SummaryTable.of(report));
    return 0;
  }
}
