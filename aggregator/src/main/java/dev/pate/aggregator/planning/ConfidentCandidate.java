package dev.pate.aggregator.planning;

import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One Confident-GNMax setting of a plan: its threshold and sigma1, and the least sigma2 that
 * meets the budget when every query is answered, or none ({@link #feasible()} false) when the
 * threshold check alone exhausts it.
 *
 * @param threshold T
 * @param sigma1 noise of the threshold check
 * @param sigma2 least answer noise within the budget; empty if infeasible
 * @param epsilon the worst-case data-independent epsilon achieved with sigma2; empty if
 *     infeasible
 * @param utility expected utility on the plan's profile; empty without a profile or if infeasible
 * @param note why the candidate is infeasible; empty otherwise
 */
public record ConfidentCandidate(
    double threshold,
    double sigma1,
    OptionalDouble sigma2,
    Optional<EpsilonBound> epsilon,
    Optional<ExpectedUtility> utility,
    Optional<String> note) {

  public ConfidentCandidate {
    Objects.requireNonNull(sigma2, "sigma2");
    Objects.requireNonNull(epsilon, "epsilon");
    Objects.requireNonNull(utility, "utility");
    Objects.requireNonNull(note, "note");
    if (sigma2.isPresent() != epsilon.isPresent()) {
      throw new IllegalArgumentException("epsilon: present exactly when sigma2 is");
    }
  }

  public boolean feasible() {
    return sigma2.isPresent();
  }

  /**
   * {@code threshold, sigma1, feasible, sigma2, epsilon, order} (the last three when feasible),
   * the {@link ExpectedUtility#toMap()} keys when there is a utility, {@code note} when
   * infeasible.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("threshold", threshold);
    m.put("sigma1", sigma1);
    m.put("feasible", feasible());
    sigma2.ifPresent(s -> m.put("sigma2", s));
    epsilon.ifPresent(e -> {
      m.put("epsilon", e.epsilon());
      m.put("order", e.order());
    });
    utility.ifPresent(u -> m.putAll(u.toMap()));
    note.ifPresent(n -> m.put("note", n));
    return m;
  }
}
