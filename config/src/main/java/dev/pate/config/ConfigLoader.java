package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Loads a run config: a YAML file, then {@code key.path=value} overrides, checked against the
 * declared keys (see {@link ConfigSchema#keys()}); what is not given takes its default.
 *
 * <p>Everything wrong is reported at once in a {@link ConfigException}: YAML syntax errors (with
 * line and column), unknown keys (with a "did you mean"), duplicate keys, values of the wrong type
 * or out of range (with the key path, the bad value and what is allowed), missing required values,
 * and checks across sections ({@code aggregator.queries <= dataset.query_pool}).
 *
 * <p>Keys used only under a condition (the mechanism parameters, the cnn-only network keys) may be
 * given even when not used, so one file can serve a sweep over mechanisms; they are checked, then
 * ignored, and left out of the resolved record and of the config {@link ConfigWriter} writes.
 */
public final class ConfigLoader {

  private ConfigLoader() {}

  /**
   * Loads {@code yamlFile} (UTF-8) and applies {@code overrides}.
   *
   * @param overrides each {@code key.path=value}, applied in order after the file
   * @throws ConfigException listing every problem found
   */
  public static RunConfig load(Path yamlFile, List<String> overrides) {
    requireNonNull(yamlFile, "yamlFile");
    return parse(readFile(yamlFile), Origin.file(yamlFile), overrides);
  }

  /** The UTF-8 text of a config file; a file that cannot be read is a one-line problem. */
  static String readFile(Path yamlFile) {
    String source = yamlFile.toString();
    try {
      return Files.readString(yamlFile, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw fileProblem(source, "no such file");
    } catch (AccessDeniedException e) {
      throw fileProblem(source, "permission denied");
    } catch (CharacterCodingException e) {
      throw fileProblem(source, "is not UTF-8 text");
    } catch (IOException e) {
      throw fileProblem(source, "cannot be read: " + e);
    }
    // SnakeYAML skips a leading byte-order mark.
  }

  /**
   * Loads a config from YAML text, for tests and for configs that do not come from a file. Text is
   * held to the same rules as a file: it must configure something, and name its run.
   *
   * @param sourceName names the text in messages
   * @param overrides each {@code key.path=value}, applied in order after the text
   * @throws ConfigException listing every problem found
   */
  public static RunConfig parse(String yaml, String sourceName, List<String> overrides) {
    requireNonNull(sourceName, "sourceName");
    return parse(yaml, Origin.file(sourceName), overrides);
  }

  /**
   * The config that key settings alone describe, checked like a file: the record of what a run
   * built in Java asked for (its settings written as {@code key.path=value}, each value a YAML
   * scalar or flow list), with every default and cross-section check a file gets.
   *
   * @param sourceName names the settings in messages
   * @param settings each {@code key.path=value}; {@code name} among them
   * @throws ConfigException listing every problem found
   */
  public static RunConfig fromSettings(String sourceName, List<String> settings) {
    requireNonNull(sourceName, "sourceName");
    requireNonNull(settings, "settings");
    Origin file = Origin.file(sourceName);
    Problems problems = new Problems();
    Map<String, Given> given = new LinkedHashMap<>();
    Overrides.apply(settings, given, problems);
    RunConfig config = resolve(given, file, problems);
    problems.throwIfAny(sourceName);
    return config;
  }

  private static RunConfig parse(String yaml, Origin file, List<String> overrides) {
    requireNonNull(yaml, "yaml");
    requireNonNull(overrides, "overrides");
    String sourceName = file.where();
    Problems problems = new Problems();
    Node root = composeContent(yaml, sourceName);
    Optional<NodeTuple> sweep = StudyLoader.sweepEntry(root);
    if (sweep.isPresent()) {
      problems.add(
          file.at(sweep.get().getKeyNode()),
          StudyLoader.SWEEP,
          "a sweep section makes this file a study; run it with: pate sweep " + sourceName);
    }
    Optional<NodeTuple> frontier = StudyLoader.frontierEntry(root);
    if (frontier.isPresent()) {
      problems.add(
          file.at(frontier.get().getKeyNode()),
          FrontierReader.FRONTIER,
          "a frontier section belongs to a study (with a sweep); run it with: pate sweep "
              + sourceName);
    }
    root = StudyLoader.withoutStudySections(root);
    Map<String, Given> given = new LinkedHashMap<>();
    new TreeReader(file, given, problems).read(ConfigSchema.ROOT, "", root);
    Overrides.apply(overrides, given, problems);
    RunConfig config = resolve(given, file, problems);
    problems.throwIfAny(sourceName);
    return config;
  }

  /**
   * The node tree of {@code yaml}; a syntax error is thrown at once, alone, since nothing after it
   * can be trusted.
   */
  static Node compose(String yaml, String sourceName) {
    try {
      return Yamls.compose(yaml);
    } catch (YAMLException e) {
      Problems problems = new Problems();
      problems.add(Yamls.location(sourceName, e), "", Yamls.describe(e));
      throw problems.exception(sourceName);
    }
  }

  /**
   * The node tree of {@code yaml}, which must configure something. An empty file (or one of
   * comments only, or an empty mapping) would otherwise start a whole run on every default: almost
   * surely the wrong file, or one saved before it was written. Refused at once, alone.
   */
  static Node composeContent(String yaml, String sourceName) {
    Node root = compose(yaml, sourceName);
    if (root == null || Yamls.isNull(root)
        || root instanceof MappingNode mapping && mapping.getValue().isEmpty()) {
      Problems problems = new Problems();
      problems.add(sourceName, "", "empty: nothing is configured (a config names its run at"
          + " least, e.g. name: my-run; every key is in docs/configuration.md)");
      throw problems.exception(sourceName);
    }
    return root;
  }

  /**
   * Checks the given values and builds the config, reporting every problem to {@code problems}
   * (a missing {@code name} among them: runs are filed under it, and a default taken from the file
   * name would file a copied or renamed config elsewhere without a word). Returns null when a
   * section is invalid (cross-section problems are reported but still give a config).
   */
  static RunConfig resolve(Map<String, Given> given, Origin file, Problems problems) {
    Resolution resolution = new Resolution(given, problems, file);
    RunConfig config = resolution.resolve(ConfigSchema.ROOT, "");
    resolution.crossCheck();
    if (config != null) {
      LabelChecks.check(config.dataset(), given, file, problems);
      TeacherChecks.check(config, given, file, problems);
      GroupChecks.check(config, given, file, problems);
      MultiLabelChecks.check(config, given, file, problems);
    }
    return config;
  }

  private static ConfigException fileProblem(String source, String message) {
    return new ConfigException(source, List.of(new ConfigProblem(source, "", message)));
  }
}
