package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md is generated from the schema; this fails when the committed file differs,
 * so a key added (or changed) without regenerating the docs is caught.
 */
class ConfigReferenceTest {

  @Test
  void committedReferenceIsTheGeneratedOne() throws IOException {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    Path file = root.resolve(ConfigReference.FILE);
    String generated = ConfigReference.markdown();
    if (!Files.isRegularFile(file)) {
      fail(file + " is missing; generate it: " + ConfigReference.REGENERATE);
    }
    List<String> expected = generated.lines().toList();
    List<String> actual = Files.readString(file, StandardCharsets.UTF_8).lines().toList();
    for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
      String want = i < expected.size() ? expected.get(i) : "(end of file)";
      String have = i < actual.size() ? actual.get(i) : "(end of file)";
      if (!want.equals(have)) {
        fail(ConfigReference.FILE + " is out of date (line " + (i + 1) + " should be '" + want
            + "' but is '" + have + "'); regenerate it: " + ConfigReference.REGENERATE);
      }
    }
  }

  @Test
  void everyKeyAndSectionHasARowOrHeading() {
    String markdown = ConfigReference.markdown();
    for (ConfigKey key : ConfigSchema.keys()) {
      assertTrue(markdown.contains("| `" + key.path() + "` | " + key.type() + " |"), key.path());
    }
    for (ConfigSection section : ConfigSchema.sections()) {
      assertTrue(markdown.contains("\n## `" + section.path() + "`\n"), section.path());
    }
    for (ConfigKey key : StudyLoader.sweepKeys()) {
      assertTrue(markdown.contains("| `" + key.path() + "` |"), key.path());
    }
  }

  @Test
  void cellsCannotBreakTheTable() {
    String markdown = ConfigReference.markdown();
    for (String line : markdown.lines().filter(l -> l.startsWith("| `")).toList()) {
      long separators = line.replace("\\|", "").chars().filter(c -> c == '|').count();
      assertTrue(separators == 6, "a row with " + separators + " cell separators: " + line);
      assertTrue(!line.replaceAll("`[^`]*`", "").contains("<"), "raw '<' in: " + line);
    }
  }
}
