package dev.pate.cli;

import dev.pate.ensemble.nn.NativeBackend;
import dev.pate.files.OneLine;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Entry point: {@code pate <command> ...}. Exit codes: 0 done, 2 bad input (a {@link
 * dev.pate.files.UserError}, one line), 1 internal error (anything else: a bug in pate, one line;
 * {@code --verbose} adds the stack trace).
 */
@Command(name = "pate",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Private Aggregation of Teacher Ensembles: train teachers on disjoint private"
        + " partitions, label public data through a noisy, privacy-accounted aggregator, and"
        + " release only a student.",
    subcommands = {RunCommand.class, SweepCommand.class, AnalyzeCommand.class, PlanCommand.class,
        LedgerCommand.class, CompareCommand.class, BudgetCommand.class, PredictCommand.class,
        EvaluateCommand.class, InspectCommand.class, ConfigReferenceCommand.class,
        SparkClusterCommand.Master.class, SparkClusterCommand.Worker.class,
        CommandLine.HelpCommand.class})
public final class Main {
  static final int EXIT_USER_ERROR = 2;
  static final int EXIT_INTERNAL_ERROR = 1;

  @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
      description = "Print stack traces for errors.")
  boolean verbose;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns the exit code (used by tests, which must not exit). */
  public static int execute(String... args) {
    CommandLine cli = commandLine();
    try {
      return cli.execute(args);
    } catch (LinkageError e) {
      // An error, not an exception, passes picocli's handler: ND4J's natives failing to load.
      return nativeFailure(e, cli.getErr()).orElseThrow(() -> e);
    }
  }

  /**
   * One line and exit 2 when {@code e} is ND4J's native library failing to load (this build's
   * platform profile is not this machine's), which is the user's to fix by building anew.
   */
  private static java.util.Optional<Integer> nativeFailure(Throwable e, PrintWriter err) {
    java.util.Optional<String> line = NativeBackend.explain(e);
    line.ifPresent(l -> {
      err.println("pate: " + l);
      err.flush();
    });
    return line.map(l -> EXIT_USER_ERROR);
  }

  /** The configured command line; tests redirect its output streams. */
  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(Main::handle);
    // A malformed command line is bad input too: one line, exit 2, usage only on request.
    cli.setParameterExceptionHandler((e, args) -> {
      PrintWriter err = e.getCommandLine().getErr();
      err.println("pate: " + OneLine.of(e) + " (see: pate "
          + e.getCommandLine().getCommandName() + " --help)");
      err.flush();
      return EXIT_USER_ERROR;
    });
    return cli;
  }

  private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    boolean verbose = parsed.hasMatchedOption("--verbose")
        || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
    PrintWriter err = cli.getErr();
    java.util.Optional<Integer> nativeExit = nativeFailure(e, err);
    if (nativeExit.isPresent()) {
      if (verbose) {
        e.printStackTrace(err);
      }
      return nativeExit.get();
    }
    if (Errors.isUserError(e)) {
      err.println("pate: " + OneLine.of(e));
      if (verbose) {
        e.printStackTrace(err);
      }
      printResumeHint(e, err);
      return EXIT_USER_ERROR;
    }
    err.println(Errors.internalErrorLine(e, verbose));
    if (verbose) {
      e.printStackTrace(err);
    }
    printResumeHint(e, err);
    return EXIT_INTERNAL_ERROR;
  }

  /** After the error's line: how to finish the run it stopped, if it stopped one. */
  private static void printResumeHint(Exception e, PrintWriter err) {
    for (Throwable suppressed : e.getSuppressed()) {
      if (suppressed instanceof ResumeHint hint) {
        err.println("pate: " + hint.getMessage());
      }
    }
    err.flush();
  }
}
