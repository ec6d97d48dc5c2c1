package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;

/**
 * The type of a config value together with its allowed range: how to read it from a YAML node, how
 * to check it, how to write it back, and how to describe it in messages and docs.
 *
 * @param <T> the Java type of the value
 */
interface ValueType<T> {

  /** Short type name for docs, e.g. {@code "integer"}, {@code "list of integers"}. */
  String typeName();

  /** The allowed values beyond the type, e.g. {@code ">= 1"}; empty when any value is fine. */
  String allowed();

  /** Type and range as a phrase for messages, e.g. {@code "an integer >= 1"}. */
  String describe();

  /**
   * Reads and checks a value. {@code node} is never YAML null (the caller handles absent and null
   * values).
   *
   * @return the value, or null after reporting what is wrong to {@code site}
   */
  T parse(Node node, Site site);

  /** The value as a plain Java object (String, Integer, Long, Double or List) for YAML output. */
  Object toYaml(T value);

  /** The value as text for docs and messages, e.g. {@code "[16, 32]"}. */
  default String format(T value) {
    return String.valueOf(toYaml(value));
  }
}
