package dev.pate.cli;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.pipeline.labelling.RunNoise;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate run --resume} of a run with {@code aggregator.noise: auto} whose config changed is
 * refused with exit code 2 and one line naming the plan file and what changed. (What the planned
 * run does is the pipeline's {@code AutoNoiseRunTest}.)
 */
class AutoNoiseResumeTest {
  static final double BUDGET = 1.0;
  static final String AUTO = RunCommandTest.TINY
      .replace("  gamma: 0.5\n", "  noise: auto\n")
      + "privacy:\n  budget: {epsilon: " + BUDGET + "}\n";

  @TempDir static Path dir;
  static Path run;

  @BeforeAll
  static void runOnce() throws IOException {
    assertTrue(AUTO.contains("noise: auto") && !AUTO.contains("gamma"), AUTO);
    Path config = dir.resolve("tiny.yaml");
    Files.writeString(config, AUTO);
    assertEquals(0, Main.execute("run", config.toString(), "--out", dir.resolve("a").toString()));
    try (Stream<Path> s = Files.list(dir.resolve("a/tiny"))) {
      run = s.findFirst().orElseThrow();
    }
  }

  @Test
  void aResumedRunWhoseConfigNowPlansOtherNoiseIsRefused() throws IOException {
    Path copy = copyUnfinished("changed");
    String message = refusedResume(copy, config -> config.replace("epsilon: " + BUDGET,
        "epsilon: " + 2 * BUDGET));
    assertTrue(message.startsWith("pate: " + copy.resolve(RunNoise.PLAN_FILE)), message);
    assertTrue(message.contains("not the noise this run started with"), message);
  }

  @Test
  void aResumedRunWhoseConfigNowFixesTheNoiseIsRefused() throws IOException {
    Path copy = copyUnfinished("fixed");
    String message = refusedResume(copy, config -> config.replace("noise: auto",
        "noise: fixed"));
    assertTrue(message.contains("now says fixed"), message);
  }

  @Test
  void aResumedRunWithoutItsPlanIsRefused() throws IOException {
    Path copy = copyUnfinished("unplanned");
    Files.delete(copy.resolve(RunNoise.PLAN_FILE));
    String message = refusedResume(copy, config -> config);
    assertTrue(message.contains(RunNoise.PLAN_FILE + ": missing"), message);
  }

  /** Edits the copy's config.yaml, resumes, and returns the one-line error (exit code 2). */
  private static String refusedResume(Path copy, UnaryOperator<String> edit) throws IOException {
    Path config = copy.resolve("config.yaml");
    Files.writeString(config, edit.apply(Files.readString(config)));
    StringWriter err = new StringWriter();
    var cli = Main.commandLine();
    cli.setErr(new PrintWriter(err, true));
    assertEquals(2, cli.execute("run", "--resume", copy.toString()), err.toString());
    String message = err.toString().strip();
    assertFalse(message.contains("\n"), message);
    assertFalse(Files.exists(copy.resolve("report.json")));
    return message;
  }

  /** A copy of the finished run without its report: what an interrupted run leaves. */
  private static Path copyUnfinished(String name) throws IOException {
    Path copy = dir.resolve(name);
    RunFolders.copyTree(run, copy);
    Files.delete(copy.resolve("report.json"));
    return copy;
  }
}
