package dev.pate.config;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One config key, declared once with everything that is known about it: its YAML name, type and
 * allowed range, default, when it is used, a one-line meaning, and how to read it back from the
 * record (for writing configs). Validation, defaults, override parsing, the written config and the
 * key listing for docs all derive from these declarations.
 *
 * <p>Three kinds:
 *
 * <ul>
 *   <li>{@link #of plain}: always has a value (its default, unless given); the record holds it
 *       directly.
 *   <li>{@link #nullable}: may be absent ({@code null} in YAML, the default); the record holds an
 *       Optional.
 *   <li>{@link #usedWhen conditional}: used only when other keys of the section have given values;
 *       otherwise it is still checked if given, but ignored: the record holds an empty Optional and
 *       the written config leaves it out. This lets a sweep vary {@code mechanism} while {@code
 *       gamma} and {@code sigma} both stay in the file.
 * </ul>
 *
 * <p>A key may also be {@link #refusedWhen refused} under another key's value: then it is not used
 * and giving it is a problem (the mechanism's noise keys when the planner chooses the noise).
 *
 * @param <R> the record type of the section
 * @param <T> the value type
 */
final class Key<R, T> implements Member<R> {

  private final String name;
  private final ValueType<T> type;
  private final T defaultValue;
  private final String defaultNote;
  private final boolean nullable;
  private final Condition<R> usedWhen;
  private final Refusal<R> refusal;
  private final String meaning;
  private final Function<R, Optional<T>> reader;

  private Key(
      String name,
      ValueType<T> type,
      T defaultValue,
      String defaultNote,
      boolean nullable,
      Condition<R> usedWhen,
      Refusal<R> refusal,
      String meaning,
      Function<R, Optional<T>> reader) {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("name: '" + name + "' is not snake_case");
    }
    this.name = name;
    this.type = Objects.requireNonNull(type, "type");
    this.defaultValue = defaultValue;
    this.defaultNote = defaultNote;
    this.nullable = nullable;
    this.usedWhen = usedWhen;
    this.refusal = refusal;
    this.meaning = Objects.requireNonNull(meaning, "meaning");
    this.reader = Objects.requireNonNull(reader, "reader");
  }

  /**
   * A key that always has a value.
   *
   * @param defaultValue the value when the key is not given; null for a key without a default (the
   *     loader then needs a value from elsewhere, see {@link #withDefaultNote})
   */
  static <R, T> Key<R, T> of(
      String name, ValueType<T> type, T defaultValue, String meaning, Function<R, T> reader) {
    return new Key<>(
        name,
        type,
        defaultValue,
        null,
        false,
        null,
        null,
        meaning,
        r -> Optional.of(reader.apply(r)));
  }

  /** A key that may be absent (YAML {@code null}); absent by default. */
  static <R, T> Key<R, T> nullable(
      String name, ValueType<T> type, String meaning, Function<R, Optional<T>> reader) {
    return new Key<>(name, type, null, null, true, null, null, meaning, reader);
  }

  /** A key used only when {@code selector} has {@code selectorValue}; required then. */
  static <R, T, E> Key<R, T> usedWhen(
      Key<R, E> selector,
      E selectorValue,
      String name,
      ValueType<T> type,
      T defaultValue,
      String meaning,
      Function<R, Optional<T>> reader) {
    return new Key<>(
        name,
        type,
        defaultValue,
        null,
        false,
        Condition.when(selector, selectorValue),
        null,
        meaning,
        reader);
  }

  /** The same key, with its default described in words (for a default the loader supplies). */
  Key<R, T> withDefaultNote(String note) {
    return copy(note, usedWhen, refusal);
  }

  /** The same conditional key, used only when {@code selector} also has {@code selectorValue}. */
  <E> Key<R, T> andWhen(Key<R, E> selector, E selectorValue) {
    if (usedWhen == null) {
      throw new IllegalStateException(name + ": not a conditional key");
    }
    return copy(defaultNote, usedWhen.and(selector, selectorValue), refusal);
  }

  /**
   * The same key, not used when {@code selector} has {@code selectorValue}, and a problem if given
   * then ({@code reason} says why).
   */
  <E> Key<R, T> refusedWhen(Key<R, E> selector, E selectorValue, String reason) {
    return copy(
        defaultNote,
        usedWhen,
        new Refusal<>(new Condition.Clause<>(selector, selectorValue), reason));
  }

  private Key<R, T> copy(String note, Condition<R> condition, Refusal<R> refused) {
    return new Key<>(name, type, defaultValue, note, nullable, condition, refused, meaning, reader);
  }

  @Override
  public String name() {
    return name;
  }

  ValueType<T> type() {
    return type;
  }

  /** The declared default; a section may replace it (see {@link Section#withDefault}). */
  T defaultValue() {
    return defaultValue;
  }

  Optional<String> defaultNote() {
    return Optional.ofNullable(defaultNote);
  }

  boolean nullable() {
    return nullable;
  }

  Optional<Condition<R>> usedWhen() {
    return Optional.ofNullable(usedWhen);
  }

  Optional<Refusal<R>> refusal() {
    return Optional.ofNullable(refusal);
  }

  /**
   * When the key is used, for the key listing, e.g. {@code "aggregator.mechanism is lnmax and
   * aggregator.noise is not auto"}; empty when always.
   */
  String describeUse(String prefix) {
    String when = usedWhen == null ? "" : usedWhen.describe(prefix);
    if (refusal == null) {
      return when;
    }
    return (when.isEmpty() ? "" : when + " and ") + refusal.describeAllowed(prefix);
  }

  String meaning() {
    return meaning;
  }

  /** The value held by {@code record}; empty when absent or not used. */
  Optional<T> read(R record) {
    return reader.apply(record);
  }

  @Override
  public String toString() {
    return name;
  }
}
