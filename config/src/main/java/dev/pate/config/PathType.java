package dev.pate.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A file system path, kept as written (relative paths are resolved by whoever uses them, against
 * the working directory).
 */
final class PathType implements ValueType<Path> {

  @Override
  public String typeName() {
    return "path";
  }

  @Override
  public String allowed() {
    return "";
  }

  @Override
  public String describe() {
    return "a path";
  }

  @Override
  public Path parse(Node node, Site site) {
    if (!(node instanceof ScalarNode scalar) || scalar.getValue().isBlank()) {
      site.report(Yamls.render(node) + " is not " + describe());
      return null;
    }
    try {
      return Path.of(scalar.getValue());
    } catch (InvalidPathException invalid) {
      site.report(Yamls.render(node) + " is not a valid path: " + invalid.getReason());
      return null;
    }
  }

  @Override
  public Object toYaml(Path value) {
    return value.toString();
  }
}
