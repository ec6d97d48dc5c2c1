package dev.pate.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The privacy-utility frontier of a study, chosen honestly: settings are compared by the student's
 * accuracy on the validation split of the public data (never on the held-out examples) against
 * the epsilon a user may publish. A setting is on the frontier when no other setting has a higher
 * or equal validation accuracy at a lower or equal published epsilon (and is better in one of the
 * two). The held-out accuracy is then reported once per chosen setting.
 *
 * <p>Repeats of a setting (seeds) are taken together: its validation accuracy is their mean, its
 * published epsilon their largest (the claim must hold for every repeat), its held-out accuracy
 * their mean and worst.
 */
final class ParetoFrontier {

  /**
   * One setting and its repeats.
   *
   * @param label the swept values but the seed
   * @param repeats its rows, in grid order
   * @param epsilon the largest published epsilon of its repeats
   * @param kind the published epsilon's kind (guarantee or released; both when repeats differ)
   * @param validation mean validation accuracy of its repeats
   * @param heldOutMean mean held-out accuracy of its repeats
   * @param heldOutWorst lowest held-out accuracy of its repeats
   */
  record Setting(String label, List<StudyRow> repeats, double epsilon, String kind,
      double validation, double heldOutMean, double heldOutWorst) {

    /** The config of its first repeat stands for the setting (its own seed included). */
    StudyRow first() {
      return repeats.get(0);
    }
  }

  private final List<Setting> settings;
  private final List<Setting> frontier;

  private ParetoFrontier(List<Setting> settings, List<Setting> frontier) {
    this.settings = List.copyOf(settings);
    this.frontier = List.copyOf(frontier);
  }

  /**
   * The frontier of the rows with a student and a validation accuracy; empty when none has one
   * (no validation split: nothing may be chosen, since choosing on the held-out examples would
   * overstate the chosen setting's accuracy).
   */
  static ParetoFrontier of(List<StudyRow> rows) {
    Map<String, List<StudyRow>> bySetting = new LinkedHashMap<>();
    rows.stream().filter(r -> r.studentAccuracy() != null && r.validationAccuracy() != null)
        .forEach(r -> bySetting.computeIfAbsent(r.setting(), k -> new ArrayList<>()).add(r));
    List<Setting> settings = new ArrayList<>();
    bySetting.forEach((label, repeats) -> settings.add(new Setting(label, repeats,
        repeats.stream().mapToDouble(r -> r.published().epsilon()).max().orElseThrow(),
        String.join(" and ", repeats.stream().map(r -> r.published().kind()).distinct()
            .toList()),
        repeats.stream().mapToDouble(StudyRow::validationAccuracy).average().orElseThrow(),
        repeats.stream().mapToDouble(StudyRow::studentAccuracy).average().orElseThrow(),
        repeats.stream().mapToDouble(StudyRow::studentAccuracy).min().orElseThrow())));
    List<Setting> frontier = new ArrayList<>(settings.stream()
        .filter(s -> settings.stream().noneMatch(o -> dominates(o, s))).toList());
    frontier.sort(Comparator.comparingDouble(Setting::epsilon));
    return new ParetoFrontier(settings, frontier);
  }

  /**
   * Published epsilons closer than this, relatively, count as one epsilon when settings are
   * compared: settings planned for the same budget differ only by the planner's bisection (e.g.
   * 0.4999942 and 0.4999948), and a setting bought with a millionth less epsilon is no choice. It
   * only ranks settings: every point still publishes its own epsilon, and {@link #best} still
   * requires the epsilon at most the target.
   */
  static final double SAME_EPSILON = 1e-3;

  /** Whether {@code a} is at least as good as {@code b} in both and better in one. */
  static boolean dominates(Setting a, Setting b) {
    boolean noDearer = a.epsilon() <= b.epsilon() * (1 + SAME_EPSILON);
    boolean cheaper = a.epsilon() < b.epsilon() * (1 - SAME_EPSILON);
    return noDearer && a.validation() >= b.validation()
        && (cheaper || a.validation() > b.validation());
  }

  /** Every setting with a validation accuracy, in grid order. */
  List<Setting> settings() {
    return settings;
  }

  /** The settings on the frontier, by published epsilon. */
  List<Setting> frontier() {
    return frontier;
  }

  boolean isEmpty() {
    return settings.isEmpty();
  }

  /** Whether the row's setting is on the frontier. */
  boolean onFrontier(StudyRow row) {
    return frontier.stream().anyMatch(s -> s.label().equals(row.setting()));
  }

  /**
   * The setting of highest validation accuracy whose published epsilon is at most {@code target}
   * (ties: the smaller epsilon, then the first in grid order); empty when none is that small.
   * It is on the frontier.
   */
  Optional<Setting> best(double target) {
    return frontier.stream().filter(s -> s.epsilon() <= target)
        .max(Comparator.comparingDouble(Setting::validation)
            .thenComparing(Comparator.comparingDouble(Setting::epsilon).reversed()));
  }
}
