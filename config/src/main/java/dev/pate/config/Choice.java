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

  /**
   * The id of any enum constant by the same rule, for the enums of other modules that config keys
   * take as they are (an augmentation, a conversion, a scaling): one enum per concept.
   */
  static String idOf(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The constant of {@code type} whose id ({@link #idOf}) is exactly {@code id}, if any. */
  static <E extends Enum<E>> Optional<E> byId(Class<E> type, String id) {
    return Arrays.stream(type.getEnumConstants()).filter(c -> idOf(c).equals(id)).findFirst();
  }
}
