package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: exit code 2, one line naming the file or key, and no report written. */
class BadInputTest {
  @TempDir Path dir;

  private record Outcome(int exitCode, String stderr) {}

  private Outcome run(String... args) {
    StringWriter err = new StringWriter();
    var cli = Main.commandLine();
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new Outcome(code, err.toString());
  }

  private Outcome runYaml(String yaml, String... extra) throws IOException {
    Path file = dir.resolve("exp.yaml");
    Files.writeString(file, yaml);
    String[] args = Stream.concat(Stream.of("run", file.toString(), "--out",
        dir.resolve("runs").toString()), Stream.of(extra)).toArray(String[]::new);
    return run(args);
  }

  private void assertOneLineError(Outcome o, String... fragments) {
    assertEquals(2, o.exitCode(), o.stderr());
    String text = o.stderr().strip();
    assertFalse(text.contains("\n"), "more than one line: " + text);
    assertFalse(text.contains("Exception"), "stack trace or exception name: " + text);
    assertTrue(text.startsWith("pate: "), text);
    for (String f : fragments) {
      assertTrue(text.contains(f), "'" + f + "' missing from: " + text);
    }
  }

  private void assertNoReport() throws IOException {
    Path runs = dir.resolve("runs");
    if (Files.exists(runs)) {
      try (Stream<Path> files = Files.walk(runs)) {
        assertTrue(files.noneMatch(p -> p.endsWith("report.json")), "a report was written");
      }
    }
  }

  @Test
  void malformedYamlNamesFileAndLine() throws IOException {
    assertOneLineError(runYaml("name: x\nteachers:\n  count: 5\n   workers: 2\n"), "exp.yaml", "line");
    assertNoReport();
  }

  @Test
  void unknownKeyIsNamedWithASuggestion() throws IOException {
    assertOneLineError(runYaml("name: x\nteachers:\n  cont: 5\n"), "teachers.cont", "teachers.count");
  }

  @Test
  void negativeGammaNamesTheKey() throws IOException {
    assertOneLineError(runYaml("name: x\naggregator:\n  gamma: -0.1\n"), "aggregator.gamma", "-0.1");
  }

  @Test
  void badOverrideNamesTheKey() throws IOException {
    assertOneLineError(runYaml("name: x\n", "teachers.count=abc"), "teachers.count");
  }

  @Test
  void moreTeachersThanPrivateExamples() throws IOException {
    assertOneLineError(runYaml("name: x\ndataset:\n  private_limit: 50\nteachers:\n  count: 60\n"),
        "teachers.count");
    assertNoReport();
  }

  @Test
  void truncatedIdxFileIsNamed() throws IOException {
    Path data = dir.resolve("data/mnist");
    Files.createDirectories(data);
    Path shared = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data", "mnist");
    for (String f : new String[] {"train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz",
        "t10k-labels-idx1-ubyte.gz"}) {
      Files.copy(shared.resolve(f), data.resolve(f));
    }
    try (var out = new GZIPOutputStream(Files.newOutputStream(
        data.resolve("train-images-idx3-ubyte.gz")))) {
      out.write(new byte[] {0, 0, 8, 3, 0, 0, (byte) 0xea, 0x60, 0, 0, 0, 28, 0, 0, 0, 28, 1, 2});
    }
    assertOneLineError(runYaml("name: x\n", "--data-dir", dir.resolve("data").toString()),
        "train-images-idx3-ubyte.gz");
    assertNoReport();
  }

  @Test
  void unknownMechanismForAnalyze() {
    Path votes = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", "mnist_250_teachers.npy");
    assertOneLineError(run("analyze", "--votes", votes.toString(), "--mechanism", "foo"),
        "--mechanism", "foo");
  }

  @Test
  void missingVotesFileIsSaidOnce() {
    Path missing = dir.resolve("nosuch.npy");
    Outcome o = run("analyze", "--votes", missing.toString(), "--mechanism", "gnmax", "--sigma",
        "40");
    assertOneLineError(o, missing + ": no such file");
    assertEquals(1, o.stderr().split(java.util.regex.Pattern.quote(missing.toString()), -1).length
        - 1, "the path once: " + o.stderr());
  }

  @Test
  void smoothSensitivityProblemsNameTheFlag() {
    Path votes = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", "mnist_250_teachers.npy");
    Outcome lnmax = run("analyze", "--votes", votes.toString(), "--mechanism", "lnmax",
        "--gamma", "0.05", "--smooth-sensitivity");
    assertOneLineError(lnmax, "--smooth-sensitivity", "lnmax");
    assertFalse(lnmax.stderr().contains("smoothSensitivity"), lnmax.stderr());
    Outcome missing = run("analyze", "--votes", votes.toString(), "--mechanism", "gnmax",
        "--sigma", "40", "--noise", "discrete", "--smooth-sensitivity");
    assertOneLineError(missing, "--smooth-sensitivity", "--release-order");
  }

  @Test
  void autoNoiseWithABudgetNoNoiseCanMeetNamesTheBudget() throws IOException {
    assertOneLineError(runYaml("name: x\naggregator:\n  noise: auto\n  queries: 100\n"
        + "privacy:\n  budget: {epsilon: 1.0e-9}\n"), "privacy.budget.epsilon",
        "cannot be met", "aggregator.noise: auto");
    assertNoReport();
  }

  @Test
  void malformedOptionIsOneLine() {
    assertOneLineError(run("analyze", "--votes", "x.npy", "--mechanism", "gnmax", "--orders", "a"),
        "--orders");
  }

  @Test
  void analyzeRejectsDeltaOutsideTheUnitInterval() {
    Path votes = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", "mnist_250_teachers.npy");
    assertOneLineError(run("analyze", "--votes", votes.toString(), "--mechanism", "gnmax",
        "--sigma", "40", "--delta", "1.5"), "delta");
  }

  @Test
  void raggedCsvRowNamesFileAndLine() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 50, 1, 0, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 50, 2, 0, "");
    Files.writeString(publicFile, "7,1.5,red\n", java.nio.file.StandardOpenOption.APPEND);
    assertOneLineError(runYaml(SyntheticTable.config(privateFile, publicFile)),
        "public.csv line 52: 3 fields, expected 4");
    assertNoReport();
  }

  @Test
  void csvSchemaProblemsNameTheKey() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 50, 1, 0, "");
    String config = SyntheticTable.config(privateFile, privateFile);
    assertOneLineError(runYaml(config.replace("ignored: [id]", "ignored: [id, hours]")),
        "dataset.csv.ignored: column 'hours' is also in numeric");
    assertOneLineError(runYaml(config.replace("architecture: mlp, dense: [],",
        "architecture: cnn, conv_filters: [4], kernel: 3, dense: [],")),
        "teachers.network.architecture: cnn needs images");
    assertOneLineError(runYaml(config.replace("student:\n", "student:\n  method: self-training\n")),
        "student.self_training.strong_augment: shift augments images; dataset.name is csv,"
            + " use []");
    assertOneLineError(runYaml(config.replace("teachers:\n",
        "teachers:\n  method: self-training\n")),
        "teachers.self_training.strong_augment: shift augments images; dataset.name is csv,"
            + " use []");
    assertOneLineError(runYaml(config.replace("public_file: '" + privateFile + "'",
        "public_file: nowhere/none.csv")), "nowhere/none.csv: file not found");
  }

  /** An empty file, or one without a name, is refused before anything is read or written. */
  @Test
  void anEmptyConfigOrOneWithoutANameIsRefusedBeforeAnyWork() throws IOException {
    for (String empty : new String[] {"", "# nothing yet\n", "{}\n"}) {
      assertOneLineError(runYaml(empty), "exp.yaml: empty: nothing is configured");
    }
    assertOneLineError(runYaml("seed: 4\nteachers: {count: 5}\n"), "exp.yaml: name: missing");
    assertFalse(Files.exists(dir.resolve("runs")), "no run folder and no cache");
    Path study = dir.resolve("study.yaml");
    Files.writeString(study, "sweep:\n  seeds: [1, 2]\n");
    assertOneLineError(run("sweep", study.toString(), "--out", dir.resolve("runs").toString()),
        "study.yaml: name: missing");
    assertFalse(Files.exists(dir.resolve("runs")), "no study folder and no cache");
  }

  /** A folder where a data file should be is named; the next data directory is not used. */
  @Test
  void aFolderInPlaceOfADataFileIsNamed() throws IOException {
    Path data = dir.resolve("data/mnist");
    Files.createDirectories(data.resolve("t10k-labels-idx1-ubyte.gz"));
    assertOneLineError(runYaml("name: x\n", "--data-dir", dir.resolve("data").toString()),
        data.resolve("t10k-labels-idx1-ubyte.gz") + ": is a folder, expected a data file");
    assertNoReport();
  }

  /** Vote counts are whole numbers of teachers: 0.5 names the file, row and column. */
  @Test
  void analyzeRefusesAFractionalVoteCount() throws IOException {
    Path votes = dir.resolve("half.npy");
    Files.write(votes, npyFloat64(2, 2, 3, 1, 0.5, 3.5));
    assertOneLineError(run("analyze", "--votes", votes.toString(), "--mechanism", "gnmax",
        "--sigma", "40"), votes + ", row 1, column 0: 0.5 is not a whole number of votes");
    Files.write(votes, npyFloat64(2, 2, 3, 1, 0, 4));
    assertEquals(0, run("analyze", "--votes", votes.toString(), "--mechanism", "gnmax",
        "--sigma", "40").exitCode(), "whole counts in a float64 file are read");
  }

  /** The PATE 2018 scripts' order list has 100 twice; pasted, it is used with each order once. */
  @Test
  void aRepeatedOrderIsAccepted() throws IOException {
    Path votes = dir.resolve("votes.npy");
    Files.write(votes, npyFloat64(2, 2, 3, 1, 0, 4));
    Outcome o = run("analyze", "--votes", votes.toString(), "--mechanism", "gnmax", "--sigma",
        "40", "--orders", "2,100,100,3");
    assertEquals(0, o.exitCode(), o.stderr());
  }

  /** A C-ordered float64 .npy (format 1.0) of {@code rows} x {@code columns} values. */
  static byte[] npyFloat64(int rows, int columns, double... values) {
    String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + rows + ", " + columns
        + "), }";
    int padded = (10 + dict.length() + 1 + 63) / 64 * 64;
    String header = dict + " ".repeat(padded - 10 - dict.length() - 1) + "\n";
    java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(padded + 8 * values.length)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    out.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    out.putShort((short) header.length());
    out.put(header.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    for (double v : values) {
      out.putDouble(v);
    }
    return out.array();
  }
}
