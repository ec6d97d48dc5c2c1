package dev.pate.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** A command run in this JVM with its standard output and errors captured. */
record Captured(int exitCode, String out, String err) {

  /**
   * {@link #run}, with what the command writes to {@code System.err} itself (a run's progress
   * with {@code --json}) added to {@link #err}.
   */
  static synchronized Captured runWithStandardError(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream saved = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      Captured c = run(args);
      return new Captured(c.exitCode(), c.out(), c.err() + err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(saved);
    }
  }

  static synchronized Captured run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    PrintStream saved = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      var cli = Main.commandLine();
      cli.setErr(new PrintWriter(err, true));
      int code = cli.execute(args);
      return new Captured(code, out.toString(StandardCharsets.UTF_8), err.toString());
    } finally {
      System.setOut(saved);
    }
  }
}
