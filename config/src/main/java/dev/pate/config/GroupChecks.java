package dev.pate.config;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.datasets.groups.GroupPartitioning;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of {@code privacy.groups} against the rest of the run, each a one-line problem naming
 * the key: what the groups need (a source, at least two budgets, teachers per group for weighting)
 * and what they cannot be combined with (LNMax, a smooth-sensitivity release, {@code
 * privacy.budget}, a source that does not fit the dataset).
 */
final class GroupChecks {
  private static final String PREFIX = "privacy.groups.";

  private GroupChecks() {}

  static void check(RunConfig config, Map<String, Given> given, Origin file, Problems problems) {
    new Checker(config, given, file, problems).check();
  }

  private record Checker(RunConfig config, Map<String, Given> given, Origin file,
      Problems problems) {

    void check() {
      GroupsConfig groups = config.privacy().groups();
      if (groups.method().isEmpty()) {
        for (String key : List.of("budgets", "teachers", "source")) {
          boolean present = switch (key) {
            case "budgets" -> groups.budgets().isPresent();
            case "teachers" -> groups.teachers().isPresent();
            default -> groups.source().given() > 0;
          };
          if (present) {
            report(PREFIX + "method", "missing; required when " + PREFIX + key + " is given"
                + " (" + GroupPartitioning.ids() + ")");
          }
        }
        return;
      }
      GroupPartitioning method = groups.method().get();
      if (config.multiLabel().enabled()) {
        report(PREFIX + "method", "privacy groups are not supported with multi_label.mechanism "
            + config.multiLabel().kind().id() + " (the per-group accounting is GNMax's);"
            + " remove privacy.groups or run single-label data");
        return;
      }
      checkBudgets(groups);
      checkSource(groups);
      checkTeachers(groups, method);
      Mechanism.Kind mechanism = config.aggregator().mechanism();
      if (mechanism != Mechanism.Kind.GNMAX && mechanism != Mechanism.Kind.CONFIDENT_GNMAX) {
        report("aggregator.mechanism", mechanism.id() + " is not supported with privacy groups;"
            + " expected gnmax or confident-gnmax (the per-group accounting is GNMax's)");
      }
      if (config.privacy().release() != DataDependentRelease.NONE) {
        report("privacy.release", config.privacy().release().id() + " is not supported with"
            + " privacy groups (there is no per-group release); expected none");
      }
      if (method == GroupPartitioning.WEIGHTING
          && config.teachers().executor() != TeacherExecutor.LOCAL) {
        report("teachers.executor", config.teachers().executor().id() + " cannot weigh the teachers' votes, which "
            + PREFIX + "method weighting needs; use local (upsampling and uniform run on any"
            + " executor)");
      }
      if (config.privacy().budget().epsilon().isPresent()) {
        report("privacy.budget.epsilon", "not allowed with privacy.groups: each group's budget"
            + " is its own, in " + PREFIX + "budgets");
      }
    }

    private void checkBudgets(GroupsConfig groups) {
      if (groups.budgets().isEmpty()) {
        report(PREFIX + "budgets", "missing; required with " + PREFIX + "method: the groups and"
            + " their budgets, e.g. {strict: {epsilon: 1.0}, open: {epsilon: 3.0}}");
      } else if (groups.budgets().get().size() < 2) {
        report(PREFIX + "budgets", groups.budgets().get().size() + " group; expected at least"
            + " two (for one budget for every record, use privacy.budget)");
      }
    }

    private void checkSource(GroupsConfig groups) {
      GroupSourceConfig source = groups.source();
      if (source.given() != 1) {
        report(PREFIX + "source", (source.given() == 0 ? "missing" : "several given")
            + "; expected exactly one of column, file, folders, draw");
        return;
      }
      DatasetConfig dataset = config.dataset();
      if (source.column().isPresent()) {
        String key = PREFIX + "source.column";
        if (dataset.csv().isEmpty()) {
          report(key, "only for dataset.name csv (a column of the private CSV file), not "
              + dataset.name().id() + "; give " + PREFIX + "source.file instead");
        } else if (!dataset.csv().get().ignored().contains(source.column().get())) {
          report(key, "column '" + source.column().get() + "' is not in dataset.csv.ignored;"
              + " a group column must not be a feature: list it there");
        }
      }
      if (source.draw().isPresent()) {
        String key = PREFIX + "source.draw";
        Map<String, Double> shares = source.draw().get();
        Set<String> declared = groups.budgets().map(Map::keySet).orElse(Set.of());
        if (groups.budgets().isPresent() && !shares.keySet().equals(declared)) {
          report(key, "shares for " + shares.keySet() + "; expected one for each group of "
              + PREFIX + "budgets " + declared);
        }
        double sum = shares.values().stream().mapToDouble(Double::doubleValue).sum();
        if (Math.abs(sum - 1) > 1e-9) {
          report(key, "the shares sum to " + sum + ", not 1");
        }
      }
      if (source.folders().isPresent()) {
        String key = PREFIX + "source.folders";
        if (dataset.images().isEmpty() || dataset.images().get().privateDir().isEmpty()) {
          report(key, "only for private images in class folders (dataset.images.private_dir);"
              + " give " + PREFIX + "source.file instead");
        }
        Set<String> declared = groups.budgets().map(Map::keySet).orElse(Set.of());
        source.folders().get().forEach((folder, group) -> {
          if (groups.budgets().isPresent() && !declared.contains(group)) {
            report(key + "." + folder, "group '" + group + "' is not declared in " + PREFIX
                + "budgets " + declared);
          }
        });
      }
    }

    private void checkTeachers(GroupsConfig groups, GroupPartitioning method) {
      String key = PREFIX + "teachers";
      if (method != GroupPartitioning.WEIGHTING) {
        if (groups.teachers().isPresent()) {
          report(key, "not allowed when " + PREFIX + "method is " + method.id() + ": every"
              + " teacher learns from every group (teachers.count teachers)");
        }
        return;
      }
      if (groups.teachers().isEmpty()) {
        if (groups.source().draw().isEmpty()) {
          report(key, "missing; required when " + PREFIX + "method is weighting: the teachers"
              + " of each group, summing to teachers.count (only with source.draw may it be"
              + " left out: then it follows the stated shares)");
        }
        return;
      }
      Map<String, Integer> teachers = groups.teachers().get();
      if (groups.budgets().isPresent()) {
        Set<String> declared = groups.budgets().get().keySet();
        List<String> missing = new ArrayList<>(declared);
        missing.removeAll(teachers.keySet());
        List<String> unknown = new ArrayList<>(teachers.keySet());
        unknown.removeAll(declared);
        if (!missing.isEmpty() || !unknown.isEmpty()) {
          report(key, (missing.isEmpty() ? "" : "no teacher count for group(s) " + missing
              + (unknown.isEmpty() ? "" : "; ")) + (unknown.isEmpty() ? "" : "group(s) "
              + unknown + " not declared") + "; expected one count for each group of " + PREFIX
              + "budgets " + declared);
          return;
        }
      }
      long sum = teachers.values().stream().mapToLong(Integer::longValue).sum();
      if (sum != config.teachers().count()) {
        report(key, "the groups' teachers sum to " + sum + ", not teachers.count ("
            + config.teachers().count() + "); the ensemble is the groups' teachers together");
      }
    }

    private void report(String key, String message) {
      Given value = given.get(key);
      problems.add(value != null ? value.origin() : file, key, message);
    }
  }
}
