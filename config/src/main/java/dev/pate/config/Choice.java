package dev.pate.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A value of a closed set of choices that is written in YAML as a short lower-case id (for example
 * {@code confident-gnmax}). Every choice-valued config key is an enum implementing this.
 */
public interface Choice {

  /**
   * The id used in YAML files and overrides: the constant's name in lower case with {@code -}
   * for {@code _}, for example {@code FASHION_MNIST} is {@code "fashion-mnist"}.
   */
  default String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The enum constant's name (implemented by every enum). */
  String name();

  /** The constant of {@code type} whose {@link #id()} is exactly {@code id}, if any. */
  static <E extends Enum<E> & Choice> Optional<E> byId(Class<E> type, String id) {
    return Arrays.stream(type.getEnumConstants()).filter(c -> c.id().equals(id)).findFirst();
  }
}
