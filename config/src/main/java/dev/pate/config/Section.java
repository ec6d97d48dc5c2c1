package dev.pate.config;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A YAML mapping of keys and nested sections that becomes one immutable record.
 *
 * @param <R> the record type
 */
final class Section<R> {

  private final String name;
  private final String meaning;
  private final List<Member<R>> members;
  private final Function<Values, R> builder;
  private final Map<Key<R, ?>, Object> defaults;

  private Section(
      String name,
      String meaning,
      List<Member<R>> members,
      Function<Values, R> builder,
      Map<Key<R, ?>, Object> defaults) {
    this.name = name;
    this.meaning = meaning;
    this.members = List.copyOf(members);
    this.builder = builder;
    this.defaults = Map.copyOf(defaults);
    Set<String> names = new HashSet<>();
    for (Member<R> member : members) {
      if (!names.add(member.name())) {
        throw new IllegalArgumentException(name + ": key " + member.name() + " declared twice");
      }
      if (!selectorsInSection(member)) {
        throw new IllegalArgumentException(
            name + "." + member.name() + ": its condition's key is not in the section");
      }
    }
  }

  private boolean selectorsInSection(Member<R> member) {
    if (member instanceof Child<R, ?> child) {
      return child.condition().map(c -> members.containsAll(c.selectors())).orElse(true);
    }
    Key<R, ?> key = (Key<R, ?>) member;
    boolean used = key.usedWhen().map(c -> members.containsAll(c.selectors())).orElse(true);
    boolean refused = key.refusal().map(r -> members.contains(r.clause().selector())).orElse(true);
    return used && refused;
  }

  /**
   * @param name the YAML key of the section ({@code ""} for the top level)
   * @param meaning what the section is for, one line
   * @param members its keys and nested sections, in the order they are written
   * @param builder makes the record from checked values
   */
  static <R> Section<R> of(
      String name, String meaning, List<Member<R>> members, Function<Values, R> builder) {
    return new Section<>(name, meaning, members, builder, Map.of());
  }

  /** The same section with another default for {@code key} (e.g. student vs teacher network). */
  <T> Section<R> withDefault(Key<R, T> key, T value) {
    if (!members.contains(key)) {
      throw new IllegalArgumentException(name + ": " + key.name() + " is not a key of it");
    }
    Map<Key<R, ?>, Object> changed = new HashMap<>(defaults);
    changed.put(key, value);
    return new Section<>(name, meaning, members, builder, changed);
  }

  String name() {
    return name;
  }

  String meaning() {
    return meaning;
  }

  List<Member<R>> members() {
    return members;
  }

  Optional<Member<R>> member(String memberName) {
    return members.stream().filter(m -> m.name().equals(memberName)).findFirst();
  }

  List<String> memberNames() {
    return members.stream().map(Member::name).toList();
  }

  @SuppressWarnings("unchecked") // withDefault() only stores a T under a Key<R, T>
  <T> T defaultOf(Key<R, T> key) {
    return defaults.containsKey(key) ? (T) defaults.get(key) : key.defaultValue();
  }

  R build(Values values) {
    return builder.apply(values);
  }
}
