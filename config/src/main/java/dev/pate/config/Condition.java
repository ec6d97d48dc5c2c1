package dev.pate.config;

/**
 * When a key is used: another key of the same section has a given value (for example {@code
 * aggregator.sigma} is used when {@code aggregator.mechanism} is {@code gnmax}).
 *
 * @param selector the key whose value decides
 * @param value the value for which the conditional key is used
 * @param <R> the section's record type
 * @param <E> the selector's value type
 */
record Condition<R, E>(Key<R, E> selector, E value) {

  boolean holds(Values values) {
    return values.find(selector).map(value::equals).orElse(false);
  }

  /** E.g. {@code "aggregator.mechanism is gnmax"}, with {@code prefix} the section's path. */
  String describe(String prefix) {
    return prefix + selector.name() + " is " + selector.type().format(value);
  }
}
