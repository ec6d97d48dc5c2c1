package dev.pate.cli;

import dev.pate.config.RunConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options {@code run} and {@code sweep} share, in the habits of experiment tools. */
final class ExperimentOptions {
  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Folder holding mnist/, fashion-mnist/ ... (default: $PATE_DATA_DIR, ./data,"
          + " ../shared/data).")
  Path dataDir;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: output.dir of the config, usually runs): a run goes"
          + " to DIR/<name>/<UTC timestamp>/, a study to DIR/<name>/, trained teachers to the"
          + " cache DIR/cache/.")
  Path out;

  @Option(names = "--budget-dir", paramLabel = "DIR",
      description = "Folder of the private data sets' budgets (same as the override"
          + " privacy.dataset_budget.dir=DIR; default: DIR/budgets of the output folder).")
  Path budgetDir;

  @Option(names = "--seed", paramLabel = "N",
      description = "The seed (same as the override seed=N).")
  Long seed;

  @Option(names = "--dry-run",
      description = "Print what would run and its estimated cost (teachers to train or reuse,"
          + " image-epochs, time), then stop; nothing is trained or written.")
  boolean dryRun;

  /** The overrides with {@code --seed} added as {@code seed=N}. */
  List<String> overrides(List<String> given) {
    List<String> all = new ArrayList<>(given);
    if (seed != null) {
      all.add("seed=" + seed);
    }
    if (budgetDir != null) {
      all.add("privacy.dataset_budget.dir=" + budgetDir);
    }
    return all;
  }

  /** Where results go: {@code --out}, else the config's output.dir. */
  Path outDir(RunConfig config) {
    return out != null ? out : config.output().dir();
  }
}
