package dev.pate.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** One of the ids of a {@link Choice} enum, matched exactly (case-sensitive). */
final class ChoiceType<E extends Enum<E> & Choice> implements ValueType<E> {

  private final Class<E> type;
  private final List<String> ids;

  ChoiceType(Class<E> type) {
    this.type = type;
    this.ids = Arrays.stream(type.getEnumConstants()).map(Choice::id).toList();
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
      String hint =
          Suggestions.closest(scalar.getValue(), ids)
              .map(id -> "; did you mean " + id + "?")
              .orElse("");
      site.report(Yamls.render(node) + " is not " + describe() + hint);
      return null;
    }
    site.report(Yamls.render(node) + " is not " + describe());
    return null;
  }

  @Override
  public Object toYaml(E value) {
    return value.id();
  }
}
