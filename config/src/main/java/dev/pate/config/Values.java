package dev.pate.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The checked values of one section, from which its record is built. Keys are compared by identity;
 * a key that is absent (nullable and not given, or not used) has no entry.
 */
final class Values {

  private final Map<Member<?>, Object> values = new HashMap<>();

  <T> void put(Key<?, T> key, T value) {
    values.put(key, value);
  }

  <C> void put(Child<?, C> child, C value) {
    values.put(child, value);
  }

  void remove(Key<?, ?> key) {
    values.remove(key);
  }

  /** The value of a key that always has one. */
  <T> T get(Key<?, T> key) {
    return find(key).orElseThrow(() -> new IllegalStateException("no value for key " + key.name()));
  }

  @SuppressWarnings("unchecked") // put() only stores a T under a Key<?, T>
  <T> Optional<T> find(Key<?, T> key) {
    return Optional.ofNullable((T) values.get(key));
  }

  OptionalInt findInt(Key<?, Integer> key) {
    return find(key).map(OptionalInt::of).orElse(OptionalInt.empty());
  }

  OptionalDouble findDouble(Key<?, Double> key) {
    return find(key).map(OptionalDouble::of).orElse(OptionalDouble.empty());
  }

  <C> C get(Child<?, C> child) {
    return find(child)
        .orElseThrow(() -> new IllegalStateException("no value for section " + child.name()));
  }

  /** The record of a section; empty for a conditional section that is not used. */
  @SuppressWarnings("unchecked") // put() only stores a C under a Child<?, C>
  <C> Optional<C> find(Child<?, C> child) {
    return Optional.ofNullable((C) values.get(child));
  }
}
