package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code ./pate} command in the shell blocks of the README and of the pages in docs/ names a
 * command and options this CLI has, with values it accepts (parsed, not run: most train for
 * minutes). What they print is checked by the tests of each command; this keeps the front page and
 * the manual from naming what no longer is.
 */
class ReadmeCommandsTest {
  private static final Pattern BLOCK = Pattern.compile("(?s)```bash\n(.*?)```");

  static List<List<String>> commands() throws IOException {
    List<List<String>> commands = new ArrayList<>();
    for (Path page : DocsTest.pages()) {
      commands.addAll(commands(page));
    }
    return commands;
  }

  static List<List<String>> commands(Path page) throws IOException {
    List<List<String>> commands = new ArrayList<>();
    Matcher block = BLOCK.matcher(Files.readString(page));
    while (block.find()) {
      String joined = block.group(1).replace("\\\n", " ");
      for (String line : joined.split("\n")) {
        String command = line.replaceAll("\\s+#.*$", "").replaceAll("\\s+>\\s*\\S+$", "").strip();
        int at = command.indexOf("./pate ");
        if (at < 0) {
          continue;
        }
        // Quotes as the shell takes them; the README has no spaces inside quotes.
        List<String> words = new ArrayList<>(Arrays.asList(command.substring(at + 7)
            .replace("'", "").replace("\"", "").split("\\s+")));
        commands.add(words);
      }
    }
    return commands;
  }

  @Test
  void everyPateCommandParses() throws IOException {
    List<List<String>> commands = commands();
    assertTrue(commands.size() >= 10, "commands found: " + commands);
    assertTrue(commands(DocsTest.pages().get(0)).contains(
        List.of("run", "experiments/mnist-quick.yaml")), "the README's main command");
    for (List<String> words : commands) {
      if (words.get(0).startsWith("spark-")) {
        continue; // the launcher runs Spark's own main class with these
      }
      try {
        CommandLine.ParseResult parsed = Main.commandLine()
            .parseArgs(words.toArray(String[]::new));
        assertTrue(parsed.hasSubcommand(), "no command: " + words);
      } catch (CommandLine.ParameterException e) {
        throw new AssertionError("README: ./pate " + String.join(" ", words) + ": "
            + e.getMessage(), e);
      }
    }
  }
}
