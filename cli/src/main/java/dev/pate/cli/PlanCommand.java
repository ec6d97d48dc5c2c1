package dev.pate.cli;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.groups.GroupBudget;
import dev.pate.aggregator.groups.GroupCandidate;
import dev.pate.aggregator.groups.GroupPlan;
import dev.pate.aggregator.groups.GroupPlanRequest;
import dev.pate.aggregator.groups.GroupPlanner;
import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.planning.ConfidentGnmaxPlan;
import dev.pate.aggregator.planning.ConfidentGrid;
import dev.pate.aggregator.planning.MultiLabelPlan;
import dev.pate.aggregator.planning.Plan;
import dev.pate.aggregator.planning.PlanRequest;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.planning.UnreachableBudget;
import dev.pate.aggregator.planning.SubsampledGaussianPlan;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import dev.pate.pipeline.labelling.Queries;
import dev.pate.pipeline.output.Json;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pate plan}: the least noise that meets a privacy budget, chosen before any data. */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Plan privacy a priori: the least noise whose data-independent epsilon for the"
        + " given number of answers meets the budget (solved on the accountant), and for"
        + " Confident-GNMax a table of (T, sigma1, sigma2) candidates. With --votes or"
        + " --teacher-accuracy, also the expected label accuracy, answered queries and"
        + " data-dependent epsilon of each. With --group NAME=EPSILON[:DELTA] (repeatable) and"
        + " --group-method, the least noise that keeps every privacy group within its own"
        + " budget, with each group's sensitivity multiplier and guarantee."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate plan --epsilon 2 --delta 1e-5 --teachers 250 --classes 10 \\",
        "    --queries 1000 --mechanism gnmax",
        "  pate plan --group minors=1 --group adults=3 --group-method weighting \\",
        "    --queries 1000 --mechanism gnmax"})
final class PlanCommand implements Callable<Integer> {
  @Option(names = "--epsilon", description = "The budget's epsilon (or give --group).")
  Double epsilon;

  @Mixin
  GroupOptions groups;


  @Option(names = "--mechanism", required = true,
      description = "lnmax, gnmax, confident-gnmax or subsampled-gaussian; multi-label:"
          + " binary-voting, tau-voting or powerset-voting (with --labels).")
  String mechanism;

  @Option(names = "--labels", paramLabel = "K",
      description = "Multi-label mechanisms: the number of labels.")
  Integer labels;

  @Option(names = "--tau", description = "tau-voting: the L2 norm each teacher's vote vector is"
      + " clipped to.")
  Double tau;

  @Option(names = "--threshold", description = "Binary and tau-voting: the fraction of the"
      + " teachers a label's noisy sum must exceed (default 0.5).")
  Double threshold;

  @Option(names = "--teachers", defaultValue = "250", description = "Teachers (default"
      + " ${DEFAULT-VALUE}).")
  int teachers;

  @Option(names = "--classes", defaultValue = "10", description = "Classes (default"
      + " ${DEFAULT-VALUE}).")
  int classes;

  @Option(names = "--queries", defaultValue = "1000", description = "Queries to ask (default"
      + " ${DEFAULT-VALUE}).")
  int queries;

  @Mixin
  AccountingOptions accounting;

  @Option(names = "--votes", paramLabel = "FILE",
      description = "Expected vote profile: votes of a public or earlier run (.npy or .csv).")
  Path votes;

  @Option(names = "--teacher-accuracy", paramLabel = "P",
      description = "Expected vote profile from a stated teacher accuracy instead of a file.")
  Double teacherAccuracy;

  @Option(names = "--sampling-rate", paramLabel = "Q",
      description = "Subsampled Gaussian (DP-SGD): Poisson sampling rate.")
  Double samplingRate;

  @Option(names = "--steps", paramLabel = "T", description = "Subsampled Gaussian: steps.")
  Long steps;

  @Option(names = "--data-size", paramLabel = "N", defaultValue = "0",
      description = "Subsampled Gaussian: data size, to check the closed form's premise.")
  long dataSize;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Override
  public Integer call() {
    if (groups.given()) {
      return groupPlan();
    }
    groups.refuseWithoutGroups();
    if (epsilon == null) {
      throw new UserError("--epsilon: required (or give a budget per group with --group)");
    }
    Budget budget = Budget.of(
            OptionChecks.check("--epsilon", epsilon, DpPreconditions::checkPositive),
            accounting.delta())
        .withConversion(accounting.conversion())
        .withOrders(accounting.orders());
    Plan plan;
    try {
      plan = MultiLabelOptions.kind(mechanism).isPresent()
          ? multiLabelPlan(MultiLabelOptions.kind(mechanism).get(), budget)
          : Planner.plan(request(budget));
    } catch (UnreachableBudget e) {
      throw new UserError("--epsilon: " + e.withoutKey(), e);
    }
    if (json) {
      System.out.print(Json.write(plan.toMap()));
    } else {
      printRows(plan.tableRows());
      if (plan instanceof ConfidentGnmaxPlan confident) {
        System.out.println();
        for (String[] row : confident.candidateTable()) {
          StringBuilder line = new StringBuilder(" ");
          for (String cell : row) {
            line.append(String.format(Locale.ROOT, " %12s", cell));
          }
          System.out.println(line);
        }
      }
    }
    return 0;
  }

  /** The least noise that keeps every --group within its budget. */
  private Integer groupPlan() {
    if (epsilon != null) {
      throw new UserError("--epsilon and --group: give one budget, or one per group, not both");
    }
    if (votes != null || teacherAccuracy != null || labels != null || tau != null
        || threshold != null || samplingRate != null || steps != null) {
      throw new UserError("--group: plans the noise of gnmax or confident-gnmax only; not with"
          + " --votes, --teacher-accuracy, --labels, --tau, --threshold, --sampling-rate or"
          + " --steps");
    }
    Mechanism.Kind kind = Mechanism.Kind.byId(mechanism)
        .filter(k -> k != Mechanism.Kind.LNMAX)
        .orElseThrow(() -> new UserError("--mechanism: '" + mechanism + "' has no per-group"
            + " accounting; with --group give gnmax or confident-gnmax"));
    List<GroupBudget> budgets = groups.budgets(accounting.delta(), accounting.conversion(),
        accounting.orders());
    GroupPartitioning method = groups.method();
    int teacherCount = OptionChecks.atLeast("--teachers", teachers, 1);
    GroupPlanRequest request = new GroupPlanRequest(kind,
        method == GroupPartitioning.UNIFORM ? GroupPlanner.strictestForAll(budgets) : budgets,
        OptionChecks.atLeast("--queries", queries, 1), teacherCount,
        groups.maxMultiplier(teacherCount), ConfidentGrid.defaults());
    GroupPlan plan = GroupPlanner.plan(request);
    if (plan.candidates().stream().noneMatch(GroupCandidate::feasible)) {
      throw new UserError("--group: " + plan.candidates().get(0).note().orElseThrow()
          + (plan.candidates().size() > 1 ? " (and so for every (T, sigma1) of the grid)" : ""));
    }
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("method", method.id());
      out.putAll(plan.toMap());
      System.out.print(Json.write(out));
    } else {
      List<String[]> rows = new java.util.ArrayList<>(plan.tableRows());
      rows.add(1, new String[] {"group method", method.id()});
      printRows(rows);
    }
    return 0;
  }

  private static void printRows(List<String[]> rows) {
    for (String[] row : rows) {
      System.out.printf(Locale.ROOT, "  %-30s %s%n", row[0],
          String.join("  ", Arrays.copyOfRange(row, 1, row.length)));
    }
  }

  /** The least sigma of a multi-label mechanism for --queries queries. */
  private Plan multiLabelPlan(MultiLabelMechanism.Kind kind, Budget budget) {
    if (labels == null) {
      throw new UserError("--labels: required with --mechanism " + kind.id());
    }
    int labelCount = (int) OptionChecks.atLeast("--labels", labels, 1);
    Map<String, Double> fixed = MultiLabelOptions.parameters(kind, labelCount, null, tau, threshold);
    // Checks every fixed parameter (with a placeholder sigma) so that its message names its flag.
    Map<String, Double> check = new LinkedHashMap<>(fixed);
    check.put("sigma", 1.0);
    MultiLabelOptions.mechanism(kind, check);
    return OptionChecks.parse("--epsilon", () -> MultiLabelPlan.plan(kind, budget,
        (int) OptionChecks.atLeast("--queries", queries, 1), fixed));
  }

  private PlanRequest request(Budget budget) {
    if (labels != null || tau != null || threshold != null) {
      throw new UserError("--labels/--tau/--threshold: only for the multi-label mechanisms ("
          + MultiLabelMechanism.Kind.ids() + ")");
    }
    if (mechanism.equals(SubsampledGaussianPlan.ID)) {
      if (samplingRate == null || steps == null) {
        throw new UserError("--mechanism subsampled-gaussian: needs --sampling-rate and --steps");
      }
      if (!(samplingRate > 0 && samplingRate <= 1)) {
        throw new UserError("--sampling-rate: " + samplingRate + " is not in (0, 1]");
      }
      return PlanRequest.subsampledGaussian(budget, samplingRate, OptionChecks.atLeast("--steps",
          steps, 1)).withDataSize(OptionChecks.atLeast("--data-size", dataSize, 0));
    }
    Mechanism.Kind kind = Mechanism.Kind.byId(mechanism).orElseThrow(() -> new UserError(
        "--mechanism: '" + mechanism + "' is not one of " + Mechanism.Kind.ids() + ", "
            + SubsampledGaussianPlan.ID));
    PlanRequest request = PlanRequest.pate(kind, budget, OptionChecks.atLeast("--queries", queries, 1),
        OptionChecks.atLeast("--teachers", teachers, 1), OptionChecks.atLeast("--classes", classes, 2))
        .withNoise(NoiseKind.DISCRETE);
    if (votes != null && teacherAccuracy != null) {
      throw new UserError("--votes and --teacher-accuracy: give one expected profile, not both");
    }
    if (votes != null) {
      request = request.withProfile(VoteProfile.fromVotes(VoteFiles.read(votes)));
    } else if (teacherAccuracy != null) {
      request = request.withProfile(VoteProfile.fromTeacherAccuracy(OptionChecks.check(
          "--teacher-accuracy", teacherAccuracy, DpPreconditions::checkProbability), teachers,
          classes));
    }
    return request;
  }
}
