package dev.pate.config;

import java.util.function.Function;

/**
 * A nested section, such as {@code network} inside {@code teachers}.
 *
 * @param section the nested section (its name is the YAML key)
 * @param reader reads the nested record from the parent record, for writing configs back
 * @param <P> the parent record type
 * @param <C> the nested record type
 */
record Child<P, C>(Section<C> section, Function<P, C> reader) implements Member<P> {

  @Override
  public String name() {
    return section.name();
  }
}
