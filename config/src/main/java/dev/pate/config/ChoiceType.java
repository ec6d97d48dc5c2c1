package dev.pate.config;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One of the ids of an enum ({@link Choice#idOf}), matched exactly (case-sensitive): a {@link
 * Choice} of config, or an enum of the module that uses the value.
 */
final class ChoiceType<E extends Enum<E>> implements ValueType<E> {

  private final Class<E> type;
  private final List<String> ids;
  private final Map<String, String> hints;

  ChoiceType(Class<E> type) {
    this(type, Map.of());
  }

  private ChoiceType(Class<E> type, Map<String, String> hints) {
    this.type = type;
    this.ids = Arrays.stream(type.getEnumConstants()).map(Choice::idOf).toList();
    this.hints = Map.copyOf(hints);
  }

  /**
   * The same type, saying {@code hint} when given the value {@code id} that is not a choice (a
   * value the key took before it changed meaning, for example).
   */
  ChoiceType<E> withHint(String id, String hint) {
    Map<String, String> more = new HashMap<>(hints);
    more.put(id, hint);
    return new ChoiceType<>(type, more);
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
      Optional<E> choice = Choice.byId(type, scalar.getValue());
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
    return Choice.idOf(value);
  }
}
