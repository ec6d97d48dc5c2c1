package dev.pate.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Generates {@code docs/configuration.md}, the reference of every config key, from the schema
 * itself ({@link ConfigSchema#keys()}, {@link ConfigSchema#sections()} and the sweep keys of
 * {@link StudyLoader}). The file is generated, never edited: a test compares it with this output,
 * so a key added without a meaning, or the file left stale, fails the build.
 *
 * <p>Regenerate with {@code ./pate config-reference > docs/configuration.md}, or run this class's
 * {@code main}.
 */
public final class ConfigReference {

  /** Where the reference lives, relative to the repository root. */
  public static final String FILE = "docs/configuration.md";

  /** The command that regenerates it. */
  public static final String REGENERATE = "./pate config-reference > " + FILE;

  private ConfigReference() {}

  /** Prints the reference to standard output. */
  public static void main(String[] args) {
    System.out.print(markdown());
  }

  /** The whole reference, Markdown with Unix line ends. */
  public static String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("# Configuration reference\n\n")
        .append("<!-- Generated from the config schema by `")
        .append(REGENERATE)
        .append("`; do not edit by hand. A test fails when this file and the schema differ. -->\n\n")
        .append(
            "A run is one YAML file of the sections below; every key may be left out and then"
                + " takes its default. Values are checked when the file is loaded: a problem names"
                + " the file, line, key path, the bad value and what is allowed, and every problem"
                + " is reported at once. After the file, `key.path=value` overrides on the command"
                + " line replace values (`./pate run exp.yaml aggregator.gamma=0.1`); they are read"
                + " as YAML, so `[16, 32]` and `null` mean what they mean in the file.\n\n")
        .append(
            "A key marked *used when* is used only under that condition; otherwise it is checked"
                + " and ignored, so one file can serve a sweep over mechanisms or"
                + " architectures.\n");
    List<ConfigKey> keys = ConfigSchema.keys();
    section(out, "Top level", "name and seed of the run", keysIn("", keys));
    for (ConfigSection section : ConfigSchema.sections()) {
      section(out, "`" + section.path() + "`", section.meaning(), keysIn(section.path(), keys));
    }
    section(
        out,
        "`" + StudyLoader.SWEEP + "` (studies: `./pate sweep FILE`)",
        "a study: the file's run config swept over a grid of values, each point an ordinary"
            + " checked run config. On the command line, `key=value` pins a key for every point"
            + " (a swept key set so is not swept) and `sweep.KEY=[a, b]` replaces an axis",
        StudyLoader.sweepKeys());
    section(
        out,
        "`" + FrontierReader.FRONTIER + "` (studies)",
        "what a study's frontier (student accuracy against published epsilon, the settings chosen"
            + " on the validation split) is compared with and aimed at",
        StudyLoader.frontierKeys());
    return out.toString();
  }

  /** The keys directly in the section at {@code path} ({@code ""} for the top level). */
  private static List<ConfigKey> keysIn(String path, List<ConfigKey> keys) {
    List<ConfigKey> direct = new ArrayList<>();
    for (ConfigKey key : keys) {
      int dot = key.path().lastIndexOf('.');
      String parent = dot < 0 ? "" : key.path().substring(0, dot);
      if (parent.equals(path)) {
        direct.add(key);
      }
    }
    return direct;
  }

  private static void section(StringBuilder out, String title, String meaning, List<ConfigKey> keys) {
    out.append("\n## ").append(title).append("\n\n").append(capitalise(meaning)).append(".\n");
    if (keys.isEmpty()) {
      return;
    }
    out.append("\n| key | type | allowed | default | meaning |\n")
        .append("|---|---|---|---|---|\n");
    for (ConfigKey key : keys) {
      String meaningText =
          (key.usedWhen().isEmpty() ? "" : "*Used when " + key.usedWhen() + ".* ")
              + key.meaning();
      out.append("| `")
          .append(key.path())
          .append("` | ")
          .append(cell(key.type()))
          .append(" | ")
          .append(cell(key.allowed()))
          .append(" | ")
          .append(cell(key.defaultValue()))
          .append(" | ")
          .append(cell(meaningText))
          .append(" |\n");
    }
  }

  /** Text safe inside a Markdown table cell ({@code <dir>} would be read as an HTML tag). */
  private static String cell(String text) {
    return text.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace("\n", " ");
  }

  private static String capitalise(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
