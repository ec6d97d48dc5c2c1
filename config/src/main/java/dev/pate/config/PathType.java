package dev.pate.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A file system path.
 *
 * <p>A data path ({@link #data()}: the data files and folders a run reads) written relative in a
 * YAML file means what users expect: a path beside that file. It is made absolute here when it
 * exists in the file's folder, so a config runs the same from any working directory, and the
 * config.yaml a run writes (read again by {@code --resume}) names the same data. One that does
 * not exist there is kept as written, for the data loader to look up in the working directory,
 * then in the data directories (where known files such as {@code adult/adult.data} are). A
 * {@code key=value} override on the command line is typed in a shell, so its relative path stays
 * relative to the working directory. Other paths ({@code output.dir}) are kept as written: where
 * results go is the working directory's business.
 */
final class PathType implements ValueType<Path> {
  private final boolean data;

  private PathType(boolean data) {
    this.data = data;
  }

  /** A path of data the run reads: a relative one in a YAML file is looked up beside it first. */
  static PathType data() {
    return new PathType(true);
  }

  /** A path kept as written (relative to the working directory). */
  static PathType asWritten() {
    return new PathType(false);
  }

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
      return data ? besideTheFile(Path.of(scalar.getValue()), site.origin())
          : Path.of(scalar.getValue());
    } catch (InvalidPathException invalid) {
      site.report(Yamls.render(node) + " is not a valid path: " + invalid.getReason());
      return null;
    }
  }

  private static Path besideTheFile(Path path, Origin origin) {
    if (path.isAbsolute() || origin.folder() == null) {
      return path;
    }
    Path beside = origin.folder().resolve(path).normalize();
    return Files.exists(beside) ? beside : path;
  }

  @Override
  public Object toYaml(Path value) {
    return value.toString();
  }
}
