package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Exit 2 and one line only for a {@link UserError}; anything else is a bug in pate: exit 1 and one
 * line that says so, with the stack trace on {@code --verbose}. The failures are thrown by a
 * command added to the real command line, so the handler under test is the one {@code pate} uses.
 */
class ExitCodeTest {
  @TempDir Path dir;

  @Command(name = "fail")
  static final class Fail implements Runnable {
    static RuntimeException failure;

    @Override
    public void run() {
      throw failure;
    }
  }

  private record Outcome(int exitCode, List<String> lines) {}

  private static Outcome run(RuntimeException failure, String... extra) {
    Fail.failure = failure;
    CommandLine cli = Main.commandLine();
    cli.addSubcommand(new Fail());
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err, true));
    String[] args = new String[extra.length + 1];
    args[0] = "fail";
    System.arraycopy(extra, 0, args, 1, extra.length);
    int code = cli.execute(args);
    return new Outcome(code, err.toString().lines().toList());
  }

  @Test
  void aUserErrorIsExitTwoAndItsOwnLine() {
    Outcome o = run(new UserError(Path.of("votes.csv"), "line 3", "'x' is not a number"));
    assertEquals(2, o.exitCode());
    assertEquals(List.of("pate: votes.csv, line 3: 'x' is not a number"), o.lines());
  }

  @Test
  void anIllegalArgumentIsABugNotBadInput() {
    Outcome o = run(new IllegalArgumentException("delta must be in (0, 1), got 1.5"));
    assertEquals(1, o.exitCode(), o.lines().toString());
    assertEquals(List.of("pate: internal error (a bug in pate, please report it):"
        + " java.lang.IllegalArgumentException: delta must be in (0, 1), got 1.5"
        + " (run again with --verbose for the stack trace)"), o.lines());
  }

  @Test
  void anExceptionWithoutMessageIsNamedByItsClass() {
    Outcome o = run(new NullPointerException());
    assertEquals(1, o.exitCode());
    assertEquals(List.of("pate: internal error (a bug in pate, please report it):"
        + " java.lang.NullPointerException (run again with --verbose for the stack trace)"),
        o.lines());
  }

  @Test
  void verboseShowsTheStackTraceOfABug() {
    Outcome o = run(new IllegalStateException("broken"), "--verbose");
    assertEquals(1, o.exitCode());
    assertEquals("pate: internal error (a bug in pate, please report it):"
        + " java.lang.IllegalStateException: broken", o.lines().get(0));
    assertTrue(o.lines().stream().anyMatch(l -> l.contains("at dev.pate.cli.ExitCodeTest")),
        o.lines().toString());
  }

  @Test
  void aMissingInputFileIsBadInputNamingTheFile() {
    Path missing = dir.resolve("none.csv");
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute("analyze", "--votes", missing.toString(), "--mechanism", "gnmax",
        "--sigma", "40");
    assertEquals(2, code, err.toString());
    assertEquals(List.of("pate: " + missing + ": no such file"), err.toString().lines().toList());
  }

  private static Outcome pate(String... args) {
    CommandLine cli = Main.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new Outcome(code, err.toString().lines().toList());
  }

  @Test
  void anOptionOutOfItsRangeIsBadInputNamingTheOption() {
    assertEquals(new Outcome(2, List.of("pate: --epsilon: -1.0 is not a finite number > 0")),
        pate("plan", "--epsilon", "-1", "--mechanism", "gnmax"));
    assertEquals(new Outcome(2, List.of("pate: --delta: 1.5 is not in (0, 1)")),
        pate("plan", "--epsilon", "1", "--delta", "1.5", "--mechanism", "gnmax"));
    assertEquals(new Outcome(2, List.of("pate: --orders: 0.5 is not a finite order > 1")),
        pate("plan", "--epsilon", "1", "--orders", "2,0.5", "--mechanism", "gnmax"));
    assertEquals(new Outcome(2, List.of("pate: --teachers: 0 is not >= 1")),
        pate("plan", "--epsilon", "1", "--teachers", "0", "--mechanism", "gnmax"));
    assertEquals(new Outcome(2, List.of("pate: --conversion: 'exact' is not one of classic,"
        + " improved")), pate("plan", "--epsilon", "1", "--conversion", "exact",
        "--mechanism", "gnmax"));
    assertEquals(new Outcome(2, List.of("pate: --sigma: -4.0 is not a finite number > 0")),
        pate("analyze", "--votes", dir.resolve("v.csv").toString(), "--mechanism", "gnmax",
            "--sigma", "-4"));
  }

  @Test
  void missingInputsAreBadInputNamingTheFile() {
    Path missing = dir.resolve("missing");
    for (String[] args : new String[][] {
        {"ledger", missing.toString()},
        {"inspect", missing.toString()},
        {"predict", "--model", missing.toString(), "--input", missing.toString()},
        {"run", missing.toString()},
        {"plan", "--epsilon", "1", "--mechanism", "gnmax", "--votes", missing.toString()}}) {
      Outcome o = pate(args);
      assertEquals(2, o.exitCode(), String.join(" ", args) + ": " + o.lines());
      assertEquals(1, o.lines().size(), o.lines().toString());
      assertTrue(o.lines().get(0).contains(missing.toString()), o.lines().toString());
    }
  }
}
