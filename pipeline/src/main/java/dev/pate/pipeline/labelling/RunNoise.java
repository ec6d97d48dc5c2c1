package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.groups.GroupCandidate;
import dev.pate.aggregator.groups.GroupGuarantee;
import dev.pate.aggregator.groups.GroupPlan;
import dev.pate.aggregator.groups.GroupPlanRequest;
import dev.pate.aggregator.groups.GroupPlanner;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.ConfidentGrid;
import dev.pate.aggregator.planning.ConfidentCandidate;
import dev.pate.aggregator.planning.ConfidentGnmaxPlan;
import dev.pate.aggregator.planning.ExpectedUtility;
import dev.pate.aggregator.planning.NoisePlan;
import dev.pate.aggregator.planning.Plan;
import dev.pate.aggregator.planning.PlanRequest;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.planning.UnreachableBudget;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.PrivacyConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageDatasets;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.NumberText;
import dev.pate.pipeline.output.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The noise parameters a run labels with. Under {@code aggregator.noise: fixed} they are the
 * config's. Under {@code auto} the {@link Planner} chooses them a priori, from the config alone
 * (budget, queries, teachers, the dataset's published number of classes and, for Confident-GNMax,
 * the stated {@code expected_teacher_accuracy}), before any data is read: the least noise whose
 * data-independent epsilon for {@code aggregator.queries} answers meets {@code privacy.budget},
 * with the run's own orders, conversion and budget delta. Nothing private enters the plan, so
 * choosing it costs no privacy; the run's budget stop still guards every answer.
 *
 * @param aggregator the aggregator section with the noise parameters in use (under auto: the
 *     fixed-noise section that the plan amounts to)
 * @param plan what was planned, for report.json and the run folder's plan.json; empty under fixed
 *     noise
 */
public record RunNoise(AggregatorConfig aggregator, Optional<PlanReport> plan) {

  /** The plan of a run with auto noise, in its run folder, checked when the run is resumed. */
  public static final String PLAN_FILE = "plan.json";

  /** The noise of {@code config}: given, or planned now. */
  public static RunNoise of(RunConfig config) {
    return of(config, classes(config));
  }

  /**
   * The number of classes of the config's dataset, from the config (a CSV's {@code
   * dataset.csv.classes}) or the dataset's published description, never from the data.
   */
  public static int classes(RunConfig config) {
    var dataset = config.dataset();
    return dataset.csv().map(csv -> csv.classes().size())
        .or(() -> dataset.images().map(images -> images.classes().size()))
        .orElseGet(() -> ImageDatasets.classes(dataset.name().id()));
  }

  /**
   * The noise of {@code config} for data of {@code classes} classes (data given in code: its
   * class count is its schema, not a statistic of private data).
   */
  public static RunNoise of(RunConfig config, int classes) {
    AggregatorConfig a = config.aggregator();
    if (!a.planned()) {
      return new RunNoise(a, Optional.empty());
    }
    Optional<RunGroups> groups = RunGroups.of(config);
    if (groups.isPresent()) {
      return groupsNoise(config, groups.get());
    }
    PrivacyConfig p = config.privacy();
    double target = p.budget().epsilon().orElseThrow(); // the config requires it under auto
    Budget budget = new Budget(target, p.budgetDelta(), Mechanisms.conversion(p),
        Mechanisms.orders(p));
    int teachers = config.teachers().count();
    PlanRequest request = PlanRequest.pate(a.mechanism(), budget,
        a.queries(), teachers, classes);
    String profile = null;
    if (a.expectedTeacherAccuracy().isPresent()) {
      double accuracy = a.expectedTeacherAccuracy().getAsDouble();
      VoteProfile modelled = VoteProfile.fromTeacherAccuracy(accuracy, teachers, classes);
      request = request.withProfile(modelled);
      profile = "aggregator.expected_teacher_accuracy " + accuracy + " (a stated expectation,"
          + " not measured on private data): " + modelled.description();
    }
    Plan plan;
    try {
      plan = Planner.plan(request);
    } catch (UnreachableBudget e) {
      throw new UserError("privacy.budget.epsilon: " + e.withoutKey() + " (aggregator.noise: auto)",
          e);
    }
    Setting setting = setting(plan, a);
    AggregatorConfig fixed = a.fixedTo(setting.mechanism());
    checkWithTheRunsAccountant(fixed, p, budget);
    PlanReport report = new PlanReport(a.mechanism().id(), true,
        "chosen from the config alone, before any data was read: the least noise whose"
            + " data-independent epsilon for every planned query answered meets the budget",
        setting.mechanism().parameters(), target, budget.delta(), budget.conversion().id(),
        NumberText.orders(budget.orders()), a.queries(), setting.epsilon().epsilon(),
        setting.epsilon().order(), "data-independent", profile,
        setting.expected().map(ExpectedUtility::toMap).orElse(null), null);
    return new RunNoise(fixed, Optional.of(report));
  }

  /**
   * The noise of a run with privacy groups under {@code aggregator.noise: auto}: the least GNMax
   * sigma that keeps every group within its budget for every planned query answered ({@link
   * GroupPlanner#plan}), with the multipliers {@link RunGroups} gives.
   */
  private static RunNoise groupsNoise(RunConfig config, RunGroups groups) {
    AggregatorConfig a = config.aggregator();
    if (a.mechanism() != Mechanism.Kind.GNMAX) {
      throw new UserError("aggregator.noise: auto with privacy.groups plans gnmax only; for "
          + a.mechanism().id() + " give its noise (pate plan --group ... --mechanism "
          + a.mechanism().id() + " lists the settings that fit every group)");
    }
    int teachers = config.teachers().count();
    GroupPlan plan = GroupPlanner.plan(new GroupPlanRequest(a.mechanism(),
        RunGroups.budgets(config, groups.settings()), a.queries(), teachers,
        RunGroups.cap(groups.method(), teachers), ConfidentGrid.defaults()));
    GroupCandidate chosen = plan.candidates().get(0);
    if (!chosen.feasible()) {
      throw new UserError("privacy.groups.budgets: " + chosen.note().orElseThrow()
          + " (aggregator.noise: auto)");
    }
    if (!plan.groups().equals(groups.groups())) {
      throw new IllegalStateException("planned groups " + plan.groups() + " are not the run's "
          + groups.groups());
    }
    Mechanism planned = chosen.planned().orElseThrow();
    AggregatorConfig fixed = a.fixedTo(planned);
    checkWithTheGroupsAccountant(groups, planned, a.queries());
    GroupGuarantee strictest = chosen.guarantees().stream()
        .min(java.util.Comparator.comparingDouble(g -> g.group().budget().epsilon()))
        .orElseThrow();
    Budget budget = strictest.group().budget();
    @SuppressWarnings("unchecked")
    java.util.List<Object> perGroup = (java.util.List<Object>) chosen.toMap().get("groups");
    PlanReport report = new PlanReport(a.mechanism().id(), true,
        "chosen from the config alone, before any data was read: the least noise whose"
            + " data-independent epsilon for every planned query answered meets every privacy"
            + " group's budget (a group of multiplier s charged s^2 times the base)",
        planned.parameters(), budget.epsilon(), budget.delta(), budget.conversion().id(),
        NumberText.orders(budget.orders()), a.queries(), strictest.epsilon().epsilon(),
        strictest.epsilon().order(), "data-independent", null, null, perGroup);
    return new RunNoise(fixed, Optional.of(report));
  }

  /**
   * Asks the planned number of worst-case answers of the run's own group accountant, as its
   * filters will: planner and run must agree, or the run would stop short of its plan.
   */
  private static void checkWithTheGroupsAccountant(RunGroups groups, Mechanism planned,
      int queries) {
    var accountant = groups.accountant(planned, queries);
    double[] counts = new double[] {1, 0};
    for (int q = 0; q < queries; q++) {
      Optional<String> refusal = accountant.refusal();
      if (refusal.isPresent()) {
        throw new IllegalStateException("planned noise: the run's group accountant refuses query "
            + q + " of " + queries + ": " + refusal.get());
      }
      var charge = accountant.costOf(counts, true);
      accountant.add(charge);
    }
  }

  /**
   * In the folder of a run begun before, checks that the noise planned now from its config.yaml is
   * the noise it began with: the ledger's charges were made with that noise, and a changed config
   * must not change it mid-ledger. Reads only; run before anything expensive.
   */
  public void checkAgainst(Path folder) {
    Path file = folder.resolve(PLAN_FILE);
    boolean recorded = Files.exists(file);
    if (plan.isEmpty()) {
      if (recorded) {
        throw new UserError(file + ": this run planned its noise (aggregator.noise: auto) but its"
            + " config.yaml now says fixed; the run cannot be resumed with other noise (start a"
            + " new one)");
      }
      return;
    }
    if (!recorded) {
      // A ledger without plan.json: charges were made with noise that can no longer be checked.
      if (Files.exists(folder.resolve(Ledger.FILE))) {
        throw new UserError(file + ": missing, so the noise the ledger's charges were made with"
            + " cannot be checked; the run cannot be resumed (start a new one)");
      }
      return;
    }
    try {
      if (!Files.readString(file).equals(Json.write(plan.get()))) {
        throw new UserError(file + ": the resumed run computed different content (the noise"
            + " planned from config.yaml now is not the noise this run started with); the run"
            + " cannot be resumed (start a new one)");
      }
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** Writes the plan into the run folder, unless it is there (checked by {@link #checkAgainst}). */
  public void recordIn(RunFolder folder) {
    if (plan.isPresent() && !Files.exists(folder.path().resolve(PLAN_FILE))) {
      folder.write(PLAN_FILE, Json.write(plan.get()));
    }
  }

  /** The chosen mechanism, with what it achieves. */
  private record Setting(Mechanism mechanism, EpsilonBound epsilon,
      Optional<ExpectedUtility> expected) {}

  private static Setting setting(Plan plan, AggregatorConfig a) {
    if (plan instanceof NoisePlan n) {
      return new Setting(n.planned(), n.epsilon(), n.utility());
    }
    ConfidentGnmaxPlan c = (ConfidentGnmaxPlan) plan;
    ConfidentCandidate best = c.recommendation().orElseThrow(() -> new UserError(String.format(
        Locale.ROOT, "privacy.budget.epsilon: %s cannot be met by any Confident-GNMax candidate"
            + " for %d queries, every one answered (aggregator.noise: auto): %s",
        c.budget().epsilon(), a.queries(), c.candidates().isEmpty() ? "no candidates"
            : c.candidates().get(c.candidates().size() - 1).note().orElse("infeasible"))));
    return new Setting(new Mechanism.ConfidentGnmax(best.threshold(), best.sigma1(),
        best.sigma2().orElseThrow()), best.epsilon().orElseThrow(), best.utility());
  }

  /**
   * Asks the planned number of worst-case answers of the run's own accountant, exactly as its
   * budget guard will, and fails if the guard would refuse one or the guarantee exceeds the
   * budget: planner and run must agree, or the run would stop short of the queries it planned for.
   */
  private static void checkWithTheRunsAccountant(AggregatorConfig fixed, PrivacyConfig p,
      Budget budget) {
    PrivacyAccountant accountant = Mechanisms.of(fixed, p).accountant(fixed, p);
    double[] worstCase = accountant.accounting().dataIndependentRdp();
    for (int q = 0; q < fixed.queries(); q++) {
      Optional<String> refusal = accountant.refusal();
      if (refusal.isPresent()) {
        throw new IllegalStateException("planned noise: the run's accountant refuses query " + q
            + " of " + fixed.queries() + ": " + refusal.get());
      }
      accountant.add(new QueryCharge(true, worstCase, worstCase));
    }
    EpsilonBound guarantee = accountant.report(budget.delta(), budget.conversion())
        .epsilonDataIndependent();
    if (!budget.admits(guarantee)) {
      throw new IllegalStateException(String.format(Locale.ROOT, "planned noise gives epsilon %s"
          + " > budget %s on the run's accountant", guarantee.epsilon(), budget.epsilon()));
    }
  }
}
