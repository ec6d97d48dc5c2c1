package dev.pate.cli;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.analysis.AnalysisRequest;
import dev.pate.aggregator.analysis.AnalysisResult;
import dev.pate.aggregator.analysis.VoteAnalysis;
import dev.pate.aggregator.release.GaussianSampler;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.multilabel.MultiLabelAnalysis;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.multilabel.MultiLabelVoteFile;
import dev.pate.aggregator.multilabel.MultiLabelVotes;
import dev.pate.aggregator.votes.RowSelection;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.files.DpPreconditions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pate analyze}: the privacy analysis of a saved vote matrix, nothing trained. */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Privacy analysis of a saved vote matrix (queries x classes): data-independent"
        + " and data-dependent epsilon, optionally the smooth-sensitivity release."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate analyze \\",
        "    --votes ../shared/data/pate2018-votes/mnist_250_teachers.npy \\",
        "    --rows 0:640 --mechanism confident-gnmax --threshold 200 --sigma1 150 \\",
        "    --sigma2 40 --expected --smooth-sensitivity --teachers 250 \\",
        "    --release-teacher-accuracy 0.9"})
final class AnalyzeCommand implements Callable<Integer> {
  @Option(names = "--votes", required = true, paramLabel = "FILE",
      description = ".npy (float or int, queries x classes) or .csv (a run's votes.csv, or a"
          + " header line then one row of counts per query); for a multi-label mechanism a .npy"
          + " of 0/1 votes, queries x teachers x labels.")
  Path votes;

  @ArgGroup(exclusive = true)
  Selection selection = new Selection();

  static final class Selection {
    @Option(names = "--rows", paramLabel = "A:B",
        description = "Half-open range of query rows, e.g. 0:640 (default: all).")
    String rows;

    @Option(names = "--indices", paramLabel = "FILE.npy",
        description = "1-D integer .npy of the query rows to analyse.")
    Path indices;
  }

  @Option(names = "--mechanism", required = true, paramLabel = "NAME",
      description = "lnmax, gnmax, confident-gnmax, or multi-label: binary-voting, tau-voting,"
          + " powerset-voting.")
  String mechanism;

  @Option(names = "--gamma", description = "LNMax: Laplace noise of scale 1/gamma.")
  Double gamma;

  @Option(names = "--sigma", description = "GNMax: Gaussian noise standard deviation.")
  Double sigma;

  @Option(names = "--threshold", description = "Confident-GNMax: threshold T on the max count."
      + " Binary and tau-voting: the fraction of the teachers a label's noisy sum must exceed"
      + " (default 0.5).")
  Double threshold;

  @Option(names = "--tau", description = "tau-voting: the L2 norm each teacher's vote vector is"
      + " clipped to.")
  Double tau;

  @Option(names = "--sigma1", description = "Confident-GNMax: noise of the threshold check.")
  Double sigma1;

  @Option(names = "--sigma2", description = "Confident-GNMax: noise of the arg-max.")
  Double sigma2;

  @Mixin
  AccountingOptions accounting;

  @Option(names = "--noise", defaultValue = "continuous",
      description = "continuous (as in the papers) or discrete (as pate runs draw it); default"
          + " ${DEFAULT-VALUE}.")
  String noise;

  @Option(names = "--expected",
      description = "Confident-GNMax: account the expectation over the threshold's randomness"
          + " (the 2018 paper's tables) instead of the noiseless threshold outcome.")
  boolean expected;

  @Option(names = "--smooth-sensitivity",
      description = "Release the data-dependent epsilon privately (PATE 2018, Sec. 4) with"
          + " parameters fixed in advance (--release-order, --release-beta, --release-sigma, or"
          + " --release-teacher-accuracy). Prints only what is released and data-independent:"
          + " no data-dependent epsilon. Draws secure noise.")
  boolean smoothSensitivity;

  @Mixin
  ReleaseOptions release;

  @Option(names = "--teachers", defaultValue = "0",
      description = "Number of teachers for the smooth sensitivity (default: the largest row sum;"
          + " required with --release-teacher-accuracy).")
  int teachers;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Optional<MultiLabelMechanism.Kind> multiLabel = MultiLabelOptions.kind(mechanism);
    if (multiLabel.isPresent()) {
      return analyzeMultiLabel(multiLabel.get());
    }
    Mechanism analysed = mechanism();
    NoiseKind noiseKind = noiseKind();
    checkSmoothSensitivity(analysed);
    VoteMatrix all = VoteFiles.read(votes);
    VoteMatrix selected = selection.indices != null
        ? OptionChecks.parse("--indices", () -> all.rows(VoteFiles.readIndices(selection.indices)))
        : OptionChecks.parse("--rows", () -> all.select(selection.rows == null
            ? RowSelection.all() : RowSelection.parse(selection.rows)));
    AnalysisRequest request = AnalysisRequest.of(analysed)
        .withDelta(accounting.delta())
        .withOrders(accounting.orders())
        .withConversion(accounting.conversion())
        .withNoise(noiseKind)
        .withExpected(expected)
        .withTeachers(teachers);
    if (smoothSensitivity) {
      request = request.withRelease(release.parameters(request, selected, teachers));
    }
    AnalysisResult result = new VoteAnalysis(GaussianSampler.secure()).analyze(selected, request);
    if (json) {
      System.out.print(Json.write(result.toMap()));
    } else {
      printTable(result);
    }
    return 0;
  }

  /** Multi-label votes: every query's data-independent (and data-dependent) epsilon. */
  private int analyzeMultiLabel(MultiLabelMechanism.Kind kind) {
    if (selection.rows != null || selection.indices != null) {
      throw new UserError("--rows/--indices: not supported with --mechanism " + kind.id()
          + " (select the queries when writing the vote file)");
    }
    if (smoothSensitivity) {
      throw new UserError("--smooth-sensitivity: covers gnmax and confident-gnmax, not "
          + kind.id());
    }
    release.checkUnused();
    NoiseKind noiseKind = noiseKind();
    List<MultiLabelVotes> all = MultiLabelVoteFile.read(votes);
    MultiLabelMechanism analysed = MultiLabelOptions.mechanism(kind, MultiLabelOptions.parameters(
        kind, all.get(0).labels(), required(sigma, "--sigma"), tau, threshold));
    MultiLabelAnalysis result = MultiLabelAnalysis.of(analysed, all, accounting.orders(),
        accounting.delta(), accounting.conversion(), noiseKind);
    if (json) {
      System.out.print(Json.write(result.toMap()));
    } else {
      printRows(result.tableRows());
    }
    return 0;
  }

  /** The mechanism named by --mechanism, its parameters from the flags of the same names. */
  private Mechanism mechanism() {
    Mechanism.Kind kind = Mechanism.Kind.byId(mechanism).orElseThrow(() -> new UserError(
        "--mechanism: '" + mechanism + "' is not one of " + Mechanism.Kind.ids() + ", "
            + MultiLabelMechanism.Kind.ids()));
    if (tau != null) {
      throw new UserError("--tau: only tau-voting clips votes, not " + mechanism);
    }
    Map<String, Double> flags = new HashMap<>();
    flags.put("gamma", gamma);
    flags.put("sigma", sigma);
    flags.put("threshold", threshold);
    flags.put("sigma1", sigma1);
    flags.put("sigma2", sigma2);
    Map<String, Double> parameters = new LinkedHashMap<>();
    for (String name : kind.parameterNames()) {
      parameters.put(name, required(flags.get(name), "--" + name));
    }
    try {
      return kind.of(parameters);
    } catch (IllegalArgumentException e) {
      // The record's precondition names the parameter ("sigma: -1.0 is not > 0"), and each
      // parameter is read from the flag of the same name: the user's error, naming the flag.
      throw new UserError("--" + e.getMessage(), e);
    }
  }

  /**
   * The request checks the same, naming its own field; checked here first so that the message
   * names the flag the user typed. The release options are all checked before the votes are read.
   */
  private void checkSmoothSensitivity(Mechanism analysed) {
    if (!smoothSensitivity) {
      release.checkUnused();
      return;
    }
    if (analysed instanceof Mechanism.Lnmax) {
      throw new UserError("--smooth-sensitivity: the PATE 2018 smooth-sensitivity analysis"
          + " covers gnmax and confident-gnmax, not lnmax");
    }
    release.check(teachers);
  }

  private NoiseKind noiseKind() {
    return switch (noise) {
      case "continuous" -> NoiseKind.CONTINUOUS;
      case "discrete" -> NoiseKind.DISCRETE;
      default -> throw new UserError("--noise: '" + noise + "' is not one of continuous, discrete");
    };
  }

  private double positive(Double value, String option) {
    return OptionChecks.check(option, required(value, option), DpPreconditions::checkPositive);
  }

  private double required(Double value, String option) {
    if (value == null) {
      throw new UserError(option + ": required with --mechanism " + mechanism);
    }
    return value;
  }

  private static void printTable(AnalysisResult result) {
    printRows(result.tableRows());
  }

  private static void printRows(List<String[]> rows) {
    int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(10);
    for (String[] row : rows) {
      System.out.printf(Locale.ROOT, "  %-" + width + "s  %s%n", row[0],
          String.join("  ", Arrays.copyOfRange(row, 1, row.length)));
    }
  }
}
