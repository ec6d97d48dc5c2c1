package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.mechanism.Mechanism;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The plan of Confident-GNMax: a table of (T, sigma1, sigma2) candidates and, given a profile, the
 * recommended one.
 *
 * <p><b>Worst case.</b> Confident-GNMax's data-independent cost depends on how many queries are
 * answered (the threshold check is charged for every query, GNMax only for answered ones), which
 * is not known before the run. Each candidate's sigma2 is the least meeting the budget when every
 * query is answered, the worst case, so the budget holds whatever the threshold decides. Under
 * that bound Confident-GNMax needs more answer noise than plain GNMax (the threshold check is an
 * extra charge); its advantage is in the data-dependent epsilon and in answering only confident
 * queries, which the expected utility shows.
 *
 * @param budget the budget every feasible candidate meets
 * @param queries queries planned for
 * @param teachers number of teachers (the grid is relative to it)
 * @param candidates every (T, sigma1) of the grid, thresholds outer, sigma1 inner
 * @param recommended index of the candidate with the most expected correct labels; empty without
 *     a profile or when no candidate is feasible
 * @param profile the profile's description, if one was given
 */
public record ConfidentGnmaxPlan(
    Budget budget,
    int queries,
    int teachers,
    List<ConfidentCandidate> candidates,
    OptionalInt recommended,
    Optional<String> profile) implements Plan {

  public ConfidentGnmaxPlan {
    Objects.requireNonNull(budget, "budget");
    candidates = List.copyOf(candidates);
    Objects.requireNonNull(recommended, "recommended");
    Objects.requireNonNull(profile, "profile");
    if (recommended.isPresent()) {
      int i = recommended.getAsInt();
      if (i < 0 || i >= candidates.size() || !candidates.get(i).feasible()) {
        throw new IllegalArgumentException("recommended: " + i + " is not a feasible candidate");
      }
    }
  }

  @Override
  public String mechanismId() {
    return Mechanism.Kind.CONFIDENT_GNMAX.id();
  }

  /** The recommended candidate, if any. */
  public Optional<ConfidentCandidate> recommendation() {
    return recommended.isPresent()
        ? Optional.of(candidates.get(recommended.getAsInt()))
        : Optional.empty();
  }

  /**
   * The header keys, {@code queries, teachers, accounting} ("worst case: every query answered"),
   * then with a recommendation its {@code threshold, sigma1, sigma2, epsilon, order} and {@code
   * recommended} (its index), {@code profile} if any, and {@code candidates} (a list of {@link
   * ConfidentCandidate#toMap()}).
   */
  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = PlanFormat.header(mechanismId(), budget);
    m.put("queries", queries);
    m.put("teachers", teachers);
    m.put("accounting", "worst case: every query answered");
    recommendation().ifPresent(c -> {
      m.put("threshold", c.threshold());
      m.put("sigma1", c.sigma1());
      m.put("sigma2", c.sigma2().getAsDouble());
      m.put("epsilon", c.epsilon().get().epsilon());
      m.put("order", c.epsilon().get().order());
      m.put("recommended", recommended.getAsInt());
    });
    profile.ifPresent(p -> m.put("profile", p));
    m.put("candidates", candidates.stream().map(ConfidentCandidate::toMap).toList());
    return m;
  }

  @Override
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    PlanFormat.headerRows(rows, mechanismId(), budget);
    rows.add(PlanFormat.row("queries", Integer.toString(queries)));
    rows.add(PlanFormat.row("teachers", Integer.toString(teachers)));
    rows.add(PlanFormat.row("accounting", "worst case: every query answered"));
    profile.ifPresent(p -> rows.add(PlanFormat.row("profile", p)));
    recommendation().ifPresentOrElse(c -> rows.add(PlanFormat.row("recommended",
        String.format(Locale.ROOT, "T %s, sigma1 %s, sigma2 %s (epsilon %s)",
            PlanFormat.number(c.threshold()), PlanFormat.number(c.sigma1()),
            PlanFormat.number(c.sigma2().getAsDouble()), PlanFormat.epsilon(c.epsilon().get())))),
        () -> rows.add(PlanFormat.row("recommended", profile.isPresent()
            ? "none: no candidate is feasible"
            : "none: give a vote profile (votes or teacher accuracy) to rank candidates")));
    return rows;
  }

  /**
   * The candidate table with a header row: {@code T, sigma1, sigma2, epsilon, order} and with a
   * profile {@code answered, accuracy, correct, dd epsilon}; the recommended row is marked with
   * {@code *} in the first column.
   */
  public List<String[]> candidateTable() {
    boolean withUtility = profile.isPresent();
    List<String[]> table = new ArrayList<>();
    table.add(withUtility
        ? new String[] {"", "T", "sigma1", "sigma2", "epsilon", "order", "answered", "accuracy",
            "correct", "dd epsilon"}
        : new String[] {"", "T", "sigma1", "sigma2", "epsilon", "order"});
    for (int i = 0; i < candidates.size(); i++) {
      ConfidentCandidate c = candidates.get(i);
      String mark = recommended.isPresent() && recommended.getAsInt() == i ? "*" : "";
      List<String> cells = new ArrayList<>(List.of(mark, PlanFormat.number(c.threshold()),
          PlanFormat.number(c.sigma1())));
      if (c.feasible()) {
        cells.add(PlanFormat.number(c.sigma2().getAsDouble()));
        cells.add(String.format(Locale.ROOT, "%.4f", c.epsilon().get().epsilon()));
        cells.add(PlanFormat.order(c.epsilon().get().order()));
      } else {
        cells.addAll(List.of("infeasible", "-", "-"));
      }
      if (withUtility) {
        if (c.utility().isPresent()) {
          ExpectedUtility u = c.utility().get();
          cells.add(String.format(Locale.ROOT, "%.1f", u.answered()));
          cells.add(String.format(Locale.ROOT, "%.4f", u.accuracy()));
          cells.add(String.format(Locale.ROOT, "%.1f", u.correct()));
          cells.add(String.format(Locale.ROOT, "%.4f", u.dataDependentEpsilon().epsilon()));
        } else {
          cells.addAll(List.of("-", "-", "-", "-"));
        }
      }
      table.add(cells.toArray(String[]::new));
    }
    return table;
  }
}
