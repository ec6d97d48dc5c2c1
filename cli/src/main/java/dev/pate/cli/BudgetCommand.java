package dev.pate.cli;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.RunConfig;
import dev.pate.config.StudyLoader;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.files.DpPreconditions;
import dev.pate.files.Sha256;
import dev.pate.files.UserError;
import dev.pate.ledger.DatasetBudget;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.DatasetCharge;
import dev.pate.pipeline.multilabel.MultiLabelData;
import dev.pate.pipeline.report.Provenance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pate budget init|show|release-reservation DATA}: the budget of a private data set, which
 * every run over it charges (see {@link DatasetBudget}). DATA is the private data file, or a run
 * config whose private data is loaded and hashed as a run does. The work is {@link
 * DatasetBudget}'s; these commands resolve DATA and print.
 */
@Command(name = "budget", mixinStandardHelpOptions = true,
    description = "The budget of a private data set, shared by every run and study point over"
        + " it: each reserves its worst case before its teachers train (refused if it does not"
        + " fit) and settles to its guarantee. DATA: the private data file, or a run config.",
    footerHeading = HelpExamples.HEADING,
    footer = {"  pate budget init data/patients.csv --epsilon 4 --delta 1e-5",
        "  pate budget show data/patients.csv"},
    subcommands = {BudgetCommand.Init.class, BudgetCommand.Show.class,
        BudgetCommand.ReleaseReservation.class})
final class BudgetCommand {

  /** DATA and the folder of budgets, which every subcommand takes. */
  static class Target {
    @Parameters(index = "0", paramLabel = "DATA",
        description = "The private data file (its sha256 names the budget), or a run config"
            + " or study (.yaml: its private data is loaded and hashed as a run does).")
    Path data;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "The folder of budgets (default: the config's privacy.dataset_budget.dir,"
            + " else <output.dir>/budgets; for a data file, runs/budgets).")
    Path dir;

    /** The content hash of DATA and the folder its budget is in. */
    record Resolved(String sha256, Path dir) {}

    Resolved resolve() {
      if (!Files.isRegularFile(data)) {
        throw new UserError(data + ": no such file (give the private data file or a run config)");
      }
      String name = data.getFileName().toString().toLowerCase(Locale.ROOT);
      if (name.endsWith(".yaml") || name.endsWith(".yml")) {
        // A run config, or a study's: its points share the private data, so the first will do.
        RunConfig config = StudyLoader.load(data, List.of()).first();
        DataDirectory dataDirectory = DataDirectory.standard(
            config.dataset().dataDir().orElse(null));
        Path budgets = dir != null ? dir : DatasetCharge.dir(config, config.output().dir());
        if (config.multiLabel().enabled()) {
          // The hashes a multi-label run charges under: the first with a budget, else the first
          // (MNIST's training set for canvases, the one single-label runs on the data charge).
          List<String> hashes = MultiLabelData.load(config, dataDirectory).privateSha256s();
          return new Resolved(hashes.stream()
              .filter(sha256 -> DatasetBudget.find(budgets, sha256).isPresent()).findFirst()
              .orElse(hashes.get(0)), budgets);
        }
        RunData loaded = RunData.load(config, dataDirectory);
        return new Resolved(Provenance.Private.of(loaded).sha256(), budgets);
      }
      try {
        return new Resolved(Sha256.of(data), dir != null ? dir : Path.of("runs", "budgets"));
      } catch (IOException e) {
        throw new UserError("cannot read " + data + ": " + e.getMessage(), e);
      }
    }

    DatasetBudget budget() {
      Resolved at = resolve();
      return DatasetBudget.of(at.dir(), at.sha256());
    }
  }

  @Command(name = "init", mixinStandardHelpOptions = true,
      description = "Declare the budget of DATA, once.")
  static final class Init implements Callable<Integer> {
    @Mixin
    Target target = new Target();

    @Option(names = "--epsilon", required = true, paramLabel = "E",
        description = "The most epsilon every run over DATA may spend together.")
    double epsilon;

    @Option(names = "--delta", required = true, paramLabel = "D",
        description = "The delta at which it holds.")
    double delta;

    @Option(names = "--conversion", paramLabel = "C", defaultValue = "improved",
        description = "RDP to (epsilon, delta): improved (default) or classic.")
    String conversion;

    @Override
    public Integer call() {
      Target.Resolved at = target.resolve();
      DatasetBudget budget = DatasetBudget.init(at.dir(), at.sha256(),
          new Budget(OptionChecks.check("--epsilon", epsilon, DpPreconditions::checkPositive),
              OptionChecks.check("--delta", delta, DpPreconditions::checkDelta),
              OptionChecks.parse("--conversion", () -> Conversion.fromId(conversion)),
              Orders.defaults()));
      System.out.println("pate: budget epsilon " + epsilon + " at delta " + delta + " ("
          + conversion + " conversion) declared for " + target.data + " in " + budget.file());
      return 0;
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Print DATA's budget: the total, what is committed and remains, and every"
          + " charge.")
  static final class Show implements Callable<Integer> {
    @Mixin
    Target target = new Target();

    @Override
    public Integer call() {
      DatasetBudget.State s = target.budget().read();
      System.out.printf(Locale.ROOT, "budget %s (%s)%n  total      epsilon %s at delta %s, %s"
          + " conversion%n  committed  epsilon %s (%d settled, %d reservations open)%n"
          + "  remaining  epsilon %s%n", s.file(), s.budgetId(), s.total().epsilon(),
          s.total().delta(), s.total().conversion().id(), DatasetBudget.text(
              s.committedEpsilon()), s.settledRuns(), s.open().size(),
          DatasetBudget.text(s.remaining()));
      for (DatasetBudget.Charge c : s.charges()) {
        System.out.printf(Locale.ROOT, "  line %-3d %-8s epsilon %-9s %s  %s%s%n", c.line(),
            c.kind().name().toLowerCase(Locale.ROOT), DatasetBudget.text(s.epsilonOf(c.rdp())),
            c.at(), c.run(), c.note() == null ? "" : "  (" + c.note() + ")");
      }
      return 0;
    }
  }

  @Command(name = "release-reservation", mixinStandardHelpOptions = true,
      description = "Drop the reservation of RUN, a run that will never resume (its answers"
          + " were never released if it labelled nothing; otherwise resume it instead). Logged"
          + " in the budget with the reason.")
  static final class ReleaseReservation implements Callable<Integer> {
    @Mixin
    Target target = new Target();

    @Parameters(index = "1", paramLabel = "RUN", description = "The run's folder.")
    Path run;

    @Option(names = "--reason", paramLabel = "TEXT", defaultValue = "released by hand",
        description = "Why, for the record.")
    String reason;

    @Override
    public Integer call() {
      DatasetBudget budget = target.budget();
      String id = run.toAbsolutePath().normalize().toString();
      if (Files.exists(run.resolve(Ledger.FILE))) {
        throw new UserError(run + ": it has a ledger, so it may have released answers; resume"
            + " it (pate run --resume), which settles to its guarantee");
      }
      DatasetBudget.State after = budget.releaseReservation(id, reason);
      System.out.println("pate: released the reservation of " + id + " in " + budget.file()
          + "; remaining epsilon " + DatasetBudget.text(after.remaining()));
      return 0;
    }
  }
}
