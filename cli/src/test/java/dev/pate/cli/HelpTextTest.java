package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Help texts a user can copy from, the commands ./pate adds, one version (issue 30). */
class HelpTextTest {
  private static final Path ROOT = Path.of(System.getProperty("pate.repo.root", ".."));

  /**
   * Every example ends each line but its last with a shell continuation, and no line is wider
   * than the help: picocli has wrapped none of them, so a copied example runs.
   */
  @Test
  void examplesAreShellLinesThatPicocliNeverWraps() {
    int examples = 0;
    for (CommandLine sub : Main.commandLine().getSubcommands().values()) {
      String help = sub.getUsageMessage(CommandLine.Help.Ansi.OFF);
      int at = help.indexOf("\nExample:\n");
      if (sub.getCommandName().equals("help")) {
        continue;
      }
      assertTrue(at >= 0, sub.getCommandName() + " has no example:\n" + help);
      List<String> lines = help.substring(at + "\nExample:\n".length()).strip().lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        assertTrue(line.length() <= HelpExamples.WIDTH, sub.getCommandName() + ": " + line);
        boolean continued = line.endsWith(" \\");
        boolean next = i + 1 < lines.size();
        boolean nextStartsCommand = next && lines.get(i + 1).strip().matches("(\\./)?pate .*");
        assertEquals(next && !nextStartsCommand, continued,
            sub.getCommandName() + " line " + (i + 1) + ": " + line + "\n" + help);
      }
      examples++;
    }
    assertTrue(examples >= 10, "commands with examples: " + examples);
  }

  @Test
  void theTopLevelHelpListsTheLaunchersSparkCommands() {
    String help = Main.commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF);
    assertTrue(help.contains("  spark-master") && help.contains("  spark-worker"), help);
    Captured called = Captured.run("spark-master");
    assertEquals(2, called.exitCode());
    assertTrue(called.err().contains("./pate spark-master"), called.err());
  }

  /** {@code pate -V} says the version Maven built, the root pom's, not a copy of it. */
  @Test
  void theVersionIsTheProjects() throws IOException {
    Matcher version = Pattern.compile("<artifactId>pate-parent</artifactId>\\s*<version>([^<]+)<")
        .matcher(Files.readString(ROOT.resolve("pom.xml")));
    assertTrue(version.find());
    Captured v = Captured.run("-V");
    assertEquals(0, v.exitCode(), v.err());
    assertTrue(v.out().startsWith("pate " + version.group(1) + " (commit "), v.out());
  }
}
