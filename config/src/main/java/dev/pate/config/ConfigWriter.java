package dev.pate.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a resolved config back to YAML: every key in declaration order, defaults filled in, lists
 * in flow style. Conditional keys and sections that are not used (e.g. {@code sigma} under lnmax,
 * any noise key under {@code noise: auto}, {@code dataset.csv} for MNIST) are left out; keys that
 * are simply absent are written as {@code null}. {@link ConfigLoader} reads the result back to an
 * equal {@link RunConfig}, so the {@code config.yaml} of a run folder reproduces it.
 */
public final class ConfigWriter {

  private ConfigWriter() {}

  /** The config as YAML text. */
  public static String toYaml(RunConfig config) {
    return Yamls.dump(tree(ConfigSchema.ROOT, config));
  }

  /**
   * As {@link #toYaml}, leaving out each key of {@code leftOutAt} (dotted path to its value as
   * YAML text, e.g. {@code "teachers.method" -> "supervised"}) where it has that value: for
   * identities written before the key existed, which must not change with it.
   */
  public static String toYaml(RunConfig config, Map<String, String> leftOutAt) {
    Map<String, Object> tree = tree(ConfigSchema.ROOT, config);
    leftOutAt.forEach((path, value) -> leaveOut(tree, path.split("\\."), value));
    return Yamls.dump(tree);
  }

  @SuppressWarnings("unchecked") // tree() nests only maps of its own making
  private static void leaveOut(Map<String, Object> tree, String[] path, String value) {
    Map<String, Object> section = tree;
    for (int i = 0; i < path.length - 1 && section != null; i++) {
      section = (Map<String, Object>) section.get(path[i]);
    }
    String last = path[path.length - 1];
    if (section != null && value.equals(String.valueOf(section.get(last)))) {
      section.remove(last);
    }
  }

  /**
   * Writes {@link #toYaml} to {@code file} (UTF-8), replacing it if it exists.
   *
   * @throws IOException if the file cannot be written
   */
  public static void write(RunConfig config, Path file) throws IOException {
    Files.writeString(file, toYaml(config), StandardCharsets.UTF_8);
  }

  /**
   * Every used key with its value as YAML text, by dotted path in declaration order: {@code
   * "aggregator.gamma" -> "0.05"}, {@code "teachers.network.dense" -> "[128]"}. An absent optional
   * key is {@code "null"}; an unused conditional key (gamma under gnmax) is left out. For tables of
   * settings (the swept values of a study) and for identifying part of a config (the teacher cache
   * key).
   */
  public static Map<String, String> values(RunConfig config) {
    Map<String, String> values = new LinkedHashMap<>();
    collectValues(ConfigSchema.ROOT, config, "", values);
    return values;
  }

  private static <R> void collectValues(
      Section<R> section, R record, String prefix, Map<String, String> values) {
    for (Member<R> member : section.members()) {
      if (member instanceof Key<R, ?> key) {
        Optional<String> text = formatted(key, record);
        if (text.isPresent() || key.usedWhen().isEmpty()) {
          values.put(prefix + key.name(), text.orElse("null"));
        }
      } else if (member instanceof Child<R, ?> child) {
        collectChildValues(child, record, prefix, values);
      }
    }
  }

  private static <R, C> void collectChildValues(
      Child<R, C> child, R record, String prefix, Map<String, String> values) {
    String childPrefix = prefix + child.name() + ".";
    child
        .reader()
        .apply(record)
        .ifPresent(nested -> collectValues(child.section(), nested, childPrefix, values));
  }

  private static <R, T> Optional<String> formatted(Key<R, T> key, R record) {
    return key.read(record).map(value -> key.type().format(value));
  }

  /**
   * {@code text} as a YAML scalar that reads back as the same string, for tools that write config
   * snippets: plain where safe ({@code income}), quoted otherwise ({@code '>50K'}, {@code '?'}).
   */
  public static String scalar(String text) {
    return Yamls.scalarText(text);
  }

  private static <R> Map<String, Object> tree(Section<R> section, R record) {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (Member<R> member : section.members()) {
      if (member instanceof Key<R, ?> key) {
        Optional<Object> value = yamlValue(key, record);
        if (value.isPresent() || key.usedWhen().isEmpty() && key.refusal().isEmpty()) {
          tree.put(key.name(), value.orElse(null));
        }
      } else if (member instanceof Child<R, ?> child) {
        childTree(child, record).ifPresent(subtree -> tree.put(child.name(), subtree));
      }
    }
    return tree;
  }

  /** The child's tree; empty for a conditional child that is not used. */
  private static <R, C> Optional<Map<String, Object>> childTree(Child<R, C> child, R record) {
    return child.reader().apply(record).map(nested -> tree(child.section(), nested));
  }

  private static <R, T> Optional<Object> yamlValue(Key<R, T> key, R record) {
    return key.read(record).map(value -> key.type().toYaml(value));
  }
}
