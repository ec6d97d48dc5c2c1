package dev.pate.config;

import java.util.Optional;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Either a keyword (such as {@code default}) meaning "let the program decide", or a value of
 * another type. The keyword reads as {@link Optional#empty()}.
 *
 * @param <T> the type of the explicit value
 */
final class KeywordOrType<T> implements ValueType<Optional<T>> {

  private final String keyword;
  private final ValueType<T> other;

  KeywordOrType(String keyword, ValueType<T> other) {
    this.keyword = keyword;
    this.other = other;
  }

  @Override
  public String typeName() {
    return keyword + " or " + other.typeName();
  }

  @Override
  public String allowed() {
    return other.allowed();
  }

  @Override
  public String describe() {
    return keyword + " or " + other.describe();
  }

  @Override
  public Optional<T> parse(Node node, Site site) {
    if (node instanceof ScalarNode scalar && scalar.getValue().equals(keyword)) {
      return Optional.empty();
    }
    // Try the other type quietly first: for a scalar typo (say "defualt") the useful message is
    // "not `default` or a list", not the other type's complaint alone.
    Problems trial = new Problems();
    T value = other.parse(node, new Site(site.path(), site.origin(), trial));
    if (value != null) {
      return Optional.of(value);
    }
    if (node instanceof ScalarNode) {
      site.report(Yamls.render(node) + " is not " + describe());
    } else {
      other.parse(node, site); // report the entry-level problems where they are
    }
    return null; // the ValueType contract for "invalid, reported", not an absent Optional
  }

  @Override
  public Object toYaml(Optional<T> value) {
    return value.isPresent() ? other.toYaml(value.get()) : keyword;
  }

  @Override
  public String format(Optional<T> value) {
    return value.isPresent() ? other.format(value.get()) : keyword;
  }
}
