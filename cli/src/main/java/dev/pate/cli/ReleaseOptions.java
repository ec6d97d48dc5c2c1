package dev.pate.cli;

import dev.pate.aggregator.analysis.AnalysisRequest;
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.planning.ReleasePlanner;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.votes.VoteMatrix;
import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Option;

/**
 * The parameters of {@code analyze --smooth-sensitivity}, which must be fixed without looking at
 * the votes: given as order, beta and sigma_ss, or planned from a stated teacher accuracy. Every
 * check that does not need the votes runs before they are read, and names the option.
 */
final class ReleaseOptions {
  private static final List<String> PARAMETERS =
      List.of("--release-order", "--release-beta", "--release-sigma");

  @Option(names = "--release-order", paramLabel = "L",
      description = "With --smooth-sensitivity: the Renyi order of the release (> 1).")
  Double order;

  @Option(names = "--release-beta", paramLabel = "B",
      description = "With --smooth-sensitivity: the smoothness beta (> 0, order < 1/(1 - e^(-2 beta))).")
  Double beta;

  @Option(names = "--release-sigma", paramLabel = "S",
      description = "With --smooth-sensitivity: the GNSS noise multiplier sigma_ss (> 0).")
  Double sigma;

  @Option(names = "--release-teacher-accuracy", paramLabel = "A",
      description = "With --smooth-sensitivity, instead of the three above: choose them a priori"
          + " by optimising the release's exact cost on votes modelled from teachers of this"
          + " accuracy (a stated expectation, not measured on the votes); needs --teachers.")
  Double teacherAccuracy;

  /** Refuses release options when nothing is released. */
  void checkUnused() {
    List<String> given = given();
    if (!given.isEmpty()) {
      throw new UserError(String.join(", ", given) + ": only with --smooth-sensitivity");
    }
  }

  /**
   * Either the three parameters, valid together (the release is bounded for order < 1/(1 - e^(-2 beta))), or the
   * teacher accuracy alone with the number of teachers given ({@code teachers > 0}).
   */
  void check(int teachers) {
    List<String> given = given();
    if (teacherAccuracy != null) {
      if (given.size() > 1) {
        throw new UserError("--release-teacher-accuracy: plans " + String.join(", ", PARAMETERS)
            + "; give either it or them, not both");
      }
      OptionChecks.check("--release-teacher-accuracy", teacherAccuracy,
          DpPreconditions::checkProbability);
      if (teachers < 1) {
        throw new UserError("--release-teacher-accuracy: needs --teachers (the planned parameters"
            + " may not read the number of teachers off the votes)");
      }
      return;
    }
    List<String> missing = PARAMETERS.stream().filter(o -> !given.contains(o)).toList();
    if (!missing.isEmpty()) {
      throw new UserError("--smooth-sensitivity: needs " + String.join(", ", missing)
          + " (fixed in advance, not from the votes), or --release-teacher-accuracy to plan them");
    }
    OptionChecks.check("--release-beta", beta, DpPreconditions::checkPositive);
    OptionChecks.check("--release-sigma", sigma, DpPreconditions::checkPositive);
    OptionChecks.check("--release-order", order, DpPreconditions::checkOrder);
    if (!(order < ReleaseParameters.maxOrder(beta))) {
      throw new UserError("--release-order: " + order + " is not below 1/(1 - e^(-2"
          + " --release-beta)) = " + ReleaseParameters.maxOrder(beta) + ", where a release with"
          + " this --release-beta costs infinity");
    }
  }

  /**
   * The given parameters, or the plan from the stated teacher accuracy, which sees the votes'
   * shape (classes, queries) but not their counts.
   */
  ReleaseParameters parameters(AnalysisRequest request, VoteMatrix votes, int teachers) {
    if (teacherAccuracy == null) {
      return new ReleaseParameters(order, beta, sigma);
    }
    VoteProfile profile = VoteProfile.fromTeacherAccuracy(teacherAccuracy, teachers, votes.classes());
    try {
      return ReleasePlanner.plan(profile, request.releaseTarget(teachers, votes.classes()),
          votes.queries(), request.delta(), request.orders(), request.conversion());
    } catch (IllegalArgumentException e) {
      throw new UserError("--release-teacher-accuracy: " + e.getMessage(), e);
    }
  }

  /** The release options on the command line, in the order of their declaration. */
  private List<String> given() {
    Map<String, Double> options = new LinkedHashMap<>();
    options.put("--release-order", order);
    options.put("--release-beta", beta);
    options.put("--release-sigma", sigma);
    options.put("--release-teacher-accuracy", teacherAccuracy);
    options.values().removeIf(Objects::isNull);
    return List.copyOf(options.keySet());
  }
}
