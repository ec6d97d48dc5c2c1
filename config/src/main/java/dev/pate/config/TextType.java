package dev.pate.config;

import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A string matching a pattern. Any YAML scalar is read as its text, so {@code name: 2024} is the
 * string {@code "2024"}.
 */
final class TextType implements ValueType<String> {

  private final Pattern pattern;
  private final String patternDescription;

  /**
   * @param pattern the whole text must match this
   * @param patternDescription what matching means, in words, e.g. "1 to 100 letters, digits, ..."
   */
  TextType(Pattern pattern, String patternDescription) {
    this.pattern = pattern;
    this.patternDescription = patternDescription;
  }

  @Override
  public String typeName() {
    return "string";
  }

  @Override
  public String allowed() {
    return patternDescription;
  }

  @Override
  public String describe() {
    return "a string of " + patternDescription;
  }

  @Override
  public String parse(Node node, Site site) {
    if (!(node instanceof ScalarNode scalar) || !pattern.matcher(scalar.getValue()).matches()) {
      site.report(Yamls.render(node) + " is not " + describe());
      return null;
    }
    return scalar.getValue();
  }

  @Override
  public Object toYaml(String value) {
    return value;
  }

  /** The value as YAML reads it back: quoted where a plain scalar would not be this text. */
  @Override
  public String format(String value) {
    return Yamls.scalarText(value);
  }
}
