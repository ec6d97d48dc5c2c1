package dev.pate.config;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * When a key is used: other keys of the same section have given values, all of them (for example
 * {@code aggregator.expected_teacher_accuracy} is used when {@code aggregator.mechanism} is {@code
 * confident-gnmax} and {@code aggregator.noise} is {@code auto}).
 *
 * @param clauses what must all hold, at least one
 * @param <R> the section's record type
 */
record Condition<R>(List<Clause<R, ?>> clauses) {

  /**
   * One key having one value.
   *
   * @param selector the key whose value decides
   * @param value the value for which the clause holds
   * @param <R> the section's record type
   * @param <E> the selector's value type
   */
  record Clause<R, E>(Key<R, E> selector, E value) {

    boolean holds(Values values) {
      return values.find(selector).map(value::equals).orElse(false);
    }

    /** E.g. {@code "aggregator.mechanism is gnmax"}, with {@code prefix} the section's path. */
    String describe(String prefix) {
      return prefix + selector.name() + " is " + selector.type().format(value);
    }

    /** E.g. {@code "aggregator.noise is not auto"}. */
    String describeNegated(String prefix) {
      return prefix + selector.name() + " is not " + selector.type().format(value);
    }
  }

  Condition {
    clauses = List.copyOf(clauses);
    if (clauses.isEmpty()) {
      throw new IllegalArgumentException("clauses: a condition needs at least one");
    }
  }

  static <R, E> Condition<R> when(Key<R, E> selector, E value) {
    return new Condition<>(List.of(new Clause<>(selector, value)));
  }

  /** This condition and {@code selector} having {@code value}. */
  <E> Condition<R> and(Key<R, E> selector, E value) {
    List<Clause<R, ?>> more = new ArrayList<>(clauses);
    more.add(new Clause<>(selector, value));
    return new Condition<>(more);
  }

  boolean holds(Values values) {
    return clauses.stream().allMatch(c -> c.holds(values));
  }

  List<Key<R, ?>> selectors() {
    return clauses.stream().<Key<R, ?>>map(Clause::selector).toList();
  }

  /** E.g. {@code "aggregator.mechanism is gnmax and aggregator.noise is fixed"}. */
  String describe(String prefix) {
    return clauses.stream().map(c -> c.describe(prefix)).collect(Collectors.joining(" and "));
  }
}
