package dev.pate.config;

/**
 * An entry of a config section: a {@link Key} holding a value, or a {@link Child} section.
 *
 * @param <R> the record type of the section it belongs to
 */
sealed interface Member<R> permits Key, Child {

  /** The YAML key, snake_case. */
  String name();
}
