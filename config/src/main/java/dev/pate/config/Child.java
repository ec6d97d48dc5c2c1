package dev.pate.config;

import java.util.Optional;
import java.util.function.Function;

/**
 * A nested section, such as {@code network} inside {@code teachers}. A conditional child (see
 * {@link #usedWhen(Key, Object, Section, Function)}) is used only when a key of the parent section
 * has a given value, like {@code dataset.csv} when {@code dataset.name} is {@code csv}: otherwise
 * it is not resolved (its required keys are not required), the parent record holds an empty
 * Optional and the written config leaves it out.
 *
 * @param section the nested section (its name is the YAML key)
 * @param reader reads the nested record from the parent record, for writing configs back; empty
 *     when a conditional child is not used
 * @param usedWhen the condition of a conditional child; null for a child that is always used
 * @param <P> the parent record type
 * @param <C> the nested record type
 */
record Child<P, C>(Section<C> section, Function<P, Optional<C>> reader, Condition<P> usedWhen)
    implements Member<P> {

  /** A child that is always used. */
  Child(Section<C> section, Function<P, C> reader) {
    this(section, p -> Optional.of(reader.apply(p)), null);
  }

  /** A child used only when {@code selector} has {@code selectorValue}. */
  static <P, C, E> Child<P, C> usedWhen(Key<P, E> selector, E selectorValue, Section<C> section,
      Function<P, Optional<C>> reader) {
    return new Child<>(section, reader, Condition.when(selector, selectorValue));
  }

  @Override
  public String name() {
    return section.name();
  }

  /** The condition of a conditional child. */
  Optional<Condition<P>> condition() {
    return Optional.ofNullable(usedWhen);
  }
}
