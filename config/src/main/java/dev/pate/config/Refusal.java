package dev.pate.config;

/**
 * When a key must not be given: another key of the same section has a value under which this one is
 * decided elsewhere (for example {@code aggregator.sigma} when {@code aggregator.noise} is {@code
 * auto}: the planner chooses it). Given anyway, it is a problem, not silently ignored, since the
 * file would then say one thing and the run do another.
 *
 * @param clause the value of the other key under which this key is refused
 * @param reason why, for the message
 * @param <R> the section's record type
 */
record Refusal<R>(Condition.Clause<R, ?> clause, String reason) {

  /** E.g. {@code "aggregator.noise is not auto"}, for the key listing. */
  String describeAllowed(String prefix) {
    return clause.describeNegated(prefix);
  }
}
