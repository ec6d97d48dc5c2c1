package dev.pate.config;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One of the ids of an enum, matched exactly (case-sensitive): a {@link Choice} enum of this
 * package, or an enum of another module with its own ids (such as the mechanism kinds of {@code
 * dev.pate.aggregator.mechanism.Mechanism.Kind}, so that config mirrors no enum of theirs).
 */
final class ChoiceType<E extends Enum<E>> implements ValueType<E> {

  private final Class<E> type;
  private final Function<E, String> id;
  private final List<String> ids;
  private final Map<String, String> hints;

  /** The choices of a {@link Choice} enum, by their {@link Choice#id()}. */
  ChoiceType(Class<E> type) {
    this(type, ChoiceType::choiceId, Map.of());
    if (!Choice.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(type + " is not a Choice; give its ids");
    }
  }

  /** The choices of any enum, by the ids {@code id} gives them. */
  ChoiceType(Class<E> type, Function<E, String> id) {
    this(type, id, Map.of());
  }

  private ChoiceType(Class<E> type, Function<E, String> id, Map<String, String> hints) {
    this.type = type;
    this.id = id;
    this.ids = Arrays.stream(type.getEnumConstants()).map(id).toList();
    this.hints = Map.copyOf(hints);
  }

  private static String choiceId(Enum<?> value) {
    return ((Choice) value).id();
  }

  /**
   * The same type, saying {@code hint} when given the value {@code value} that is not a choice (a
   * value the key took before it changed meaning, for example).
   */
  ChoiceType<E> withHint(String value, String hint) {
    Map<String, String> more = new HashMap<>(hints);
    more.put(value, hint);
    return new ChoiceType<>(type, id, more);
  }

  @Override
  public String typeName() {
    return "choice";
  }

  @Override
  public String allowed() {
    return String.join(", ", ids);
  }

  @Override
  public String describe() {
    return "one of " + allowed();
  }

  @Override
  public E parse(Node node, Site site) {
    if (node instanceof ScalarNode scalar) {
      Optional<E> choice = Arrays.stream(type.getEnumConstants())
          .filter(c -> id.apply(c).equals(scalar.getValue())).findFirst();
      if (choice.isPresent()) {
        return choice.get();
      }
      String hint = hint(scalar.getValue());
      site.report(Yamls.render(node) + " is not " + describe() + hint);
      return null;
    }
    site.report(Yamls.render(node) + " is not " + describe());
    return null;
  }

  /** What to add to the message for a value that is not a choice: a known hint, or the closest. */
  private String hint(String value) {
    if (hints.containsKey(value)) {
      return "; " + hints.get(value);
    }
    return Suggestions.closest(value, ids).map(id -> "; did you mean " + id + "?").orElse("");
  }

  @Override
  public Object toYaml(E value) {
    return id.apply(value);
  }
}
