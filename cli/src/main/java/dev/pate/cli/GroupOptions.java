package dev.pate.cli;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.groups.GroupBudget;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code pate plan}'s privacy groups: {@code --group NAME=EPSILON[:DELTA]} (repeatable), {@code
 * --group-method} and {@code --max-multiplier}, each checked where it is read (exit 2 naming the
 * option).
 */
final class GroupOptions {
  @Option(names = "--group", paramLabel = "NAME=EPSILON[:DELTA]",
      description = "A privacy group and its budget (repeatable; delta defaults to --delta):"
          + " plans the noise that keeps every group within its budget, in place of --epsilon.")
  List<String> groups;

  @Option(names = "--group-method", paramLabel = "METHOD",
      description = "With --group: uniform, upsampling or weighting.")
  String method;

  @Option(names = "--max-multiplier", paramLabel = "S",
      description = "With --group: the largest sensitivity multiplier a group may get.")
  Integer maxMultiplier;

  /** Whether any group was given. */
  boolean given() {
    return groups != null && !groups.isEmpty();
  }

  /** The options only --group uses, refused without it. */
  void refuseWithoutGroups() {
    if (method != null || maxMultiplier != null) {
      throw new UserError("--group-method/--max-multiplier: only with --group");
    }
  }

  /** Each group's budget, at {@code delta} unless the group gives its own. */
  List<GroupBudget> budgets(double delta, Conversion conversion, Orders orders) {
    List<GroupBudget> budgets = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (String spec : groups) {
      int eq = spec.indexOf('=');
      String name = eq < 0 ? "" : spec.substring(0, eq).strip();
      if (name.isEmpty()) {
        throw new UserError("--group: '" + spec + "' is not NAME=EPSILON[:DELTA]");
      }
      if (!names.add(name)) {
        throw new UserError("--group: '" + name + "' is given twice; give each group once");
      }
      String rest = spec.substring(eq + 1);
      int colon = rest.indexOf(':');
      double epsilon = number(spec, "epsilon", colon < 0 ? rest : rest.substring(0, colon));
      double groupDelta = colon < 0 ? delta : number(spec, "delta", rest.substring(colon + 1));
      check(spec, () -> DpPreconditions.checkPositive(epsilon, "epsilon"));
      check(spec, () -> DpPreconditions.checkDelta(groupDelta, "delta"));
      budgets.add(new GroupBudget(name, new Budget(epsilon, groupDelta, conversion, orders)));
    }
    return budgets;
  }

  GroupPartitioning method() {
    if (method == null) {
      throw new UserError("--group-method: required with --group (" + GroupPartitioning.ids()
          + ")");
    }
    return GroupPartitioning.byId(method).orElseThrow(() -> new UserError("--group-method: '"
        + method + "' is not one of " + GroupPartitioning.ids()));
  }

  /**
   * The largest multiplier: {@code --max-multiplier} if given, and never above what the method
   * allows with {@code teachers} teachers (upsampling: the teacher count; uniform: 1).
   */
  OptionalInt maxMultiplier(int teachers) {
    int cap = method().multiplierCap(teachers);
    if (maxMultiplier == null) {
      return cap == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(cap);
    }
    return OptionalInt.of(Math.min(cap,
        (int) OptionChecks.atLeast("--max-multiplier", maxMultiplier, 1)));
  }

  private static double number(String spec, String what, String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw new UserError("--group: '" + spec + "': " + what + " '" + text + "' is not a number",
          e);
    }
  }

  private static void check(String spec, Runnable check) {
    try {
      check.run();
    } catch (IllegalArgumentException e) {
      // "epsilon: -1.0 is not ..." read as "epsilon -1.0 is not ..." after the group's spec.
      throw new UserError("--group: '" + spec + "': "
          + Optional.ofNullable(e.getMessage()).orElse("").replaceFirst(": ", " "), e);
    }
  }
}
