package dev.pate.config;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the given values (file and overrides, by key path) into checked records: each key's value
 * is parsed and checked, defaults fill the gaps, conditional keys are kept or dropped, required
 * values are enforced, then the cross-section checks run. Every problem is reported; a section with
 * any problem yields null instead of a record.
 */
final class Resolution {

  private final Map<String, Given> given;
  private final Problems problems;
  private final Origin file;

  /** Checked values of used keys, by path, for the cross-section checks. */
  private final Map<String, Object> checked = new HashMap<>();

  Resolution(Map<String, Given> given, Problems problems, Origin file) {
    this.given = given;
    this.problems = problems;
    this.file = file;
  }

  /** The record of {@code section}, or null when something in it is wrong (and reported). */
  <R> R resolve(Section<R> section, String prefix) {
    Values values = new Values();
    Set<Key<R, ?>> invalid = Collections.newSetFromMap(new IdentityHashMap<>());
    boolean valid = true;
    for (Member<R> member : section.members()) {
      if (member instanceof Key<R, ?> key && !read(section, key, prefix, values)) {
        invalid.add(key);
        valid = false;
      }
    }
    // Conditions and required values need every key of the section read first.
    for (Member<R> member : section.members()) {
      if (member instanceof Key<R, ?> key && !invalid.contains(key)) {
        valid &= settle(key, prefix, values, invalid);
      }
    }
    for (Member<R> member : section.members()) {
      if (member instanceof Child<R, ?> child && isUsed(child, values, invalid)) {
        valid &= resolveChild(child, prefix, values);
      }
    }
    return valid ? section.build(values) : null;
  }

  /**
   * Whether a child section is used: always, unless its condition does not hold (or is unknown
   * because its selector's value was reported as bad).
   */
  private static <R> boolean isUsed(Child<R, ?> child, Values values, Set<Key<R, ?>> invalid) {
    return child.condition()
        .map(c -> c.selectors().stream().noneMatch(invalid::contains) && c.holds(values))
        .orElse(true);
  }

  private <R, C> boolean resolveChild(Child<R, C> child, String prefix, Values values) {
    C record = resolve(child.section(), prefix + child.name() + ".");
    if (record == null) {
      return false;
    }
    values.put(child, record);
    return true;
  }

  /** Parses the given value or takes the default; false if the given value is bad. */
  private <R, T> boolean read(Section<R> section, Key<R, T> key, String prefix, Values values) {
    String path = prefix + key.name();
    Given value = given.get(path);
    if (value == null) {
      T defaultValue = section.defaultOf(key);
      if (defaultValue != null) {
        values.put(key, defaultValue);
      }
      return true;
    }
    if (Yamls.isNull(value.node())) {
      return true; // explicit null: absent; settle() decides whether that is allowed
    }
    T parsed = key.type().parse(value.node(), new Site(path, value.origin(), problems));
    if (parsed == null) {
      return false;
    }
    values.put(key, parsed);
    return true;
  }

  /**
   * Drops an unused conditional key, refuses a key given where it must not be, and enforces a value
   * where one is required.
   */
  private <R> boolean settle(Key<R, ?> key, String prefix, Values values, Set<Key<R, ?>> invalid) {
    String path = prefix + key.name();
    Optional<Condition<R>> condition = key.usedWhen();
    if (condition.isPresent()) {
      if (condition.get().selectors().stream().anyMatch(invalid::contains)
          || !condition.get().holds(values)) {
        values.remove(key); // not used (or unknown whether, after a reported problem): ignored
        return true;
      }
    }
    Optional<Refusal<R>> refusal = key.refusal();
    if (refusal.isPresent()) {
      Condition.Clause<R, ?> clause = refusal.get().clause();
      if (invalid.contains(clause.selector())) {
        values.remove(key); // unknown whether it is refused, after a reported problem: ignored
        return true;
      }
      if (clause.holds(values)) {
        values.remove(key); // decided elsewhere: not used, and must not be given
        Given refused = given.get(path);
        if (refused == null || Yamls.isNull(refused.node())) {
          return true;
        }
        problems.add(
            refused.origin(),
            path,
            "not allowed when " + clause.describe(prefix) + ": " + refusal.get().reason());
        return false;
      }
    }
    Optional<?> value = values.find(key);
    if (value.isPresent()) {
      checked.put(path, value.get());
      return true;
    }
    if (key.nullable()) {
      return true;
    }
    Given explicitNull = given.get(path);
    String requirement =
        condition.map(c -> " (required when " + c.describe(prefix) + ")").orElse("");
    if (explicitNull != null) {
      problems.add(
          explicitNull.origin(), path, "null is not " + key.type().describe() + requirement);
    } else {
      problems.add(file, path, "missing; expected " + key.type().describe() + requirement);
    }
    return false;
  }

  /** Runs the cross-section checks on the values that passed their own checks. */
  void crossCheck() {
    for (Requirement requirement : ConfigSchema.REQUIREMENTS) {
      Object value = checked.get(requirement.key());
      if (value == null
          || !requirement.value().equals(yamlText(value))
          || checked.containsKey(requirement.requiredKey())
          || requirement.instead().filter(checked::containsKey).isPresent()
          || given.containsKey(requirement.requiredKey()) && !isNull(requirement.requiredKey())) {
        continue; // not triggered, satisfied, or given but invalid (reported already)
      }
      Given trigger = given.get(requirement.key());
      problems.add(
          trigger != null ? trigger.origin() : file,
          requirement.requiredKey(),
          "missing; required when "
              + requirement.key()
              + " is "
              + requirement.value()
              + " ("
              + requirement.reason()
              + ")");
    }
    for (CrossCheck check : ConfigSchema.CROSS_CHECKS) {
      Object value = checked.get(check.key());
      Object limit = checked.get(check.limitKey());
      if (value == null
          || limit == null
          || ((Number) value).doubleValue() <= ((Number) limit).doubleValue()) {
        continue;
      }
      Given valueGiven = given.get(check.key());
      Given limitGiven = given.get(check.limitKey());
      if (valueGiven == null && limitGiven != null) {
        // Blame the key the user actually set.
        problems.add(
            limitGiven.origin(),
            check.limitKey(),
            limit
                + " is less than "
                + check.key()
                + " ("
                + value
                + ", the default): "
                + check.reason());
      } else {
        problems.add(
            valueGiven != null ? valueGiven.origin() : file,
            check.key(),
            value + " is not <= " + check.limitKey() + " (" + limit + "): " + check.reason());
      }
    }
  }

  private boolean isNull(String path) {
    return Yamls.isNull(given.get(path).node());
  }

  private static String yamlText(Object value) {
    return value instanceof Choice choice ? choice.id() : String.valueOf(value);
  }
}
