package dev.pate.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** A command run in this JVM with its standard output and errors captured. */
record Captured(int exitCode, String out, String err) {

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
