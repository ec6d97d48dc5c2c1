package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.Sha256;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tiny CSV runs against one budget of their private data: a run charges it (report.json and
 * release.json say so), a run that does not fit is refused before anything trains, seeded noise
 * is refused, a corrupted budget is refused with its line, a study's points that do not fit are
 * refused without stopping it, and two processes started at once never both take the last of it:
 * the command line's {@code --budget-dir}, {@code pate budget}, {@code pate sweep}, exit codes and
 * child processes. What a run settles to is the pipeline's {@code DatasetBudgetSettlementTest}.
 */
class DatasetBudgetRunTest {
  static final double SIGMA = 40;
  static final int QUERIES = 60;

  @TempDir static Path dir;
  static Path privateFile;
  static Path publicFile;

  @BeforeAll
  static void data() throws IOException {
    privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
    publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
  }

  /** The tiny CSV run with GNMax at sigma and secure noise: its worst case is {@link #one}. */
  static String config(String name, double sigma) {
    return SyntheticTable.secureGnmaxConfig(privateFile, publicFile, name, sigma);
  }

  /** The epsilon of {@code runs} such runs together, at delta 1e-5, improved conversion. */
  static double together(int runs, double sigma) {
    double[] one = new PrivacyAccountant(new GnmaxAccounting(sigma, Orders.defaults(),
        NoiseKind.DISCRETE), Optional.empty(), QUERIES).worstCaseRdp();
    for (int i = 0; i < one.length; i++) {
      one[i] *= runs;
    }
    return RdpConversions.epsilon(Orders.defaults(), one, 1e-5, Conversion.IMPROVED).epsilon();
  }

  /** A budget halfway between what {@code fit} runs and {@code fit + 1} runs take together. */
  static String budgetFor(int fit) {
    return Double.toString((together(fit, SIGMA) + together(fit + 1, SIGMA)) / 2);
  }

  /** Declares the private data's budget in {@code budgets}. */
  static void init(Path budgets, String epsilon) {
    Captured c = Captured.run("budget", "init", privateFile.toString(), "--epsilon", epsilon,
        "--delta", "1e-5", "--dir", budgets.toString());
    assertEquals(0, c.exitCode(), c.err());
  }

  static Path write(Path folder, String name, String text) throws IOException {
    Files.createDirectories(folder);
    return Files.writeString(folder.resolve(name), text);
  }

  @Test
  void aRunChargesTheBudgetAndTheNextThatDoesNotFitIsRefusedBeforeTraining() throws IOException {
    Path case1 = dir.resolve("one");
    Path budgets = case1.resolve("budgets");
    init(budgets, budgetFor(1));
    Path config = write(case1, "run.yaml", config("charged", SIGMA));
    Path out = case1.resolve("runs");

    Captured first = Captured.run("run", config.toString(), "--out", out.toString(),
        "--budget-dir", budgets.toString());
    assertEquals(0, first.exitCode(), first.err());
    Path run;
    try (Stream<Path> runs = Files.list(out.resolve("charged"))) {
      run = runs.findFirst().orElseThrow();
    }
    JsonNode report = Json.mapper().readTree(run.resolve("report.json").toFile());
    JsonNode charged = report.get("dataset_budget");
    String sha = Sha256.of(privateFile);
    assertEquals(sha, charged.at("/private/data_sha256").asText());
    assertEquals(sha + ".jsonl", charged.at("/private/file").asText());
    assertEquals(Double.parseDouble(budgetFor(1)), charged.get("remaining_before").asDouble(),
        1e-12);
    assertEquals(together(1, SIGMA), charged.get("reserved_epsilon").asDouble(), 1e-9);
    // GNMax always answers: it spends what it reserved.
    assertEquals(charged.get("reserved_epsilon").asDouble(),
        charged.get("charged_epsilon").asDouble(), 1e-9);
    assertTrue(charged.get("remaining_after").asDouble() < together(1, SIGMA));
    JsonNode release = Json.mapper().readTree(run.resolve("release/release.json").toFile());
    JsonNode published = release.at("/privacy/dataset_budget");
    assertEquals(charged.get("budget_id").asText(), published.get("budget_id").asText());
    assertTrue(published.get("private") == null, "release.json must not name the data's hash");
    assertFalse(Files.readString(run.resolve("release/release.json")).contains(sha));

    Captured second = Captured.run("run", config.toString(), "--out", out.toString(),
        "--budget-dir", budgets.toString());
    assertEquals(2, second.exitCode(), second.out());
    String line = second.err().strip();
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.contains(budgets.resolve(sha + ".jsonl") + ": refused"), line);
    assertTrue(line.contains("remaining"), line);
    try (Stream<Path> runs = Files.list(out.resolve("charged"))) {
      assertEquals(1, runs.count(), "the refused run left a folder behind");
    }
    assertFalse(second.out().contains("training teachers"), second.out());

    Captured show = Captured.run("budget", "show", config.toString(), "--dir",
        budgets.toString());
    assertEquals(0, show.exitCode(), show.err());
    assertTrue(show.out().contains("1 settled, 0 reservations open"), show.out());
  }

  /**
   * A multi-label table run charges the budget of its private file as a single-label run does:
   * declared from its config by {@code pate budget init}, charged, and the next run that does not
   * fit is refused in one line, exit 2, before its teachers train.
   */
  @Test
  void aMultiLabelRunChargesTheBudgetAndTheNextThatDoesNotFitIsRefused() throws IOException {
    Path case5 = dir.resolve("multi-label");
    Path budgets = case5.resolve("budgets");
    Files.createDirectories(case5);
    Path tablePrivate = MultiLabelFiles.table(case5.resolve("private.csv"), 200, 1, -1);
    Path tablePublic = MultiLabelFiles.table(case5.resolve("public.csv"), 120, 2, -1);
    Path config = write(case5, "run.yaml", MultiLabelFiles.tableConfig("multi", tablePrivate,
        tablePublic).replace("randomness: seeded", "randomness: secure"));
    // Room for one run of binary-voting over 3 labels at sigma 1, 20 queries, not for two.
    double[] one = new PrivacyAccountant(new MultiLabelMechanism.BinaryVoting(3, 1.0, 0.5)
        .accounting(Orders.defaults(), NoiseKind.DISCRETE), Optional.empty(), 20)
        .worstCaseRdp();
    double[] two = one.clone();
    for (int i = 0; i < two.length; i++) {
      two[i] *= 2;
    }
    double epsilon = (RdpConversions.epsilon(Orders.defaults(), one, 1e-5, Conversion.IMPROVED)
        .epsilon() + RdpConversions.epsilon(Orders.defaults(), two, 1e-5, Conversion.IMPROVED)
        .epsilon()) / 2;
    Captured init = Captured.run("budget", "init", config.toString(), "--epsilon",
        Double.toString(epsilon), "--delta", "1e-5", "--dir", budgets.toString());
    assertEquals(0, init.exitCode(), init.err());
    String sha = Sha256.of(tablePrivate);
    assertTrue(Files.isRegularFile(budgets.resolve(sha + ".jsonl")), "kept for the private file");
    Path out = case5.resolve("runs");

    Captured first = Captured.run("run", config.toString(), "--out", out.toString(),
        "--budget-dir", budgets.toString());
    assertEquals(0, first.exitCode(), first.err());
    Captured second = Captured.run("run", config.toString(), "--out", out.toString(),
        "--budget-dir", budgets.toString());
    assertEquals(2, second.exitCode(), second.out());
    String line = second.err().strip();
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.contains(budgets.resolve(sha + ".jsonl") + ": refused"), line);
    assertTrue(line.contains("remaining"), line);
    try (Stream<Path> runs = Files.list(out.resolve("multi"))) {
      assertEquals(1, runs.count(), "the refused run left a folder behind");
    }

    Captured show = Captured.run("budget", "show", config.toString(), "--dir",
        budgets.toString());
    assertEquals(0, show.exitCode(), show.err());
    assertTrue(show.out().contains("1 settled, 0 reservations open"), show.out());
  }

  @Test
  void seededNoiseAndACorruptedBudgetAreRefusedInOneLine() throws IOException {
    Path case2 = dir.resolve("two");
    Path budgets = case2.resolve("budgets");
    init(budgets, "100");
    Path seeded = write(case2, "seeded.yaml", config("seeded", SIGMA)
        .replace("randomness: secure", "randomness: seeded"));
    Captured c = Captured.run("run", seeded.toString(), "--out", case2.resolve("runs").toString(),
        "--budget-dir", budgets.toString());
    assertEquals(2, c.exitCode());
    assertTrue(c.err().startsWith("pate: aggregator.randomness: seeded"), c.err());

    Path file = budgets.resolve(Sha256.of(privateFile) + ".jsonl");
    Files.writeString(file, Files.readString(file).replace("\"epsilon\":100.0",
        "\"epsilon\":1000.0"));
    Path secure = write(case2, "secure.yaml", config("secure", SIGMA));
    c = Captured.run("run", secure.toString(), "--out", case2.resolve("runs").toString(),
        "--budget-dir", budgets.toString());
    assertEquals(2, c.exitCode());
    assertEquals("pate: " + file + " line 1: header hash does not match its content"
        .replace("header hash", "hash") + " (tampered)", c.err().strip());
  }

  /** A study of four points against a budget for two: two ran, two were refused, in order. */
  @Test
  void aStudysPointsThatDoNotFitAreRefusedAndTheStudyGoesOn() throws IOException {
    Path case3 = dir.resolve("three");
    Path budgets = case3.resolve("budgets");
    init(budgets, budgetFor(2));
    Path study = write(case3, "study.yaml", config("study", SIGMA).replace("name: study",
        "name: study\noutput:\n  release: false") + "sweep:\n  seeds: [1, 2, 3, 4]\n");
    Captured c = Captured.run("sweep", study.toString(), "--out", case3.resolve("runs")
        .toString(), "--budget-dir", budgets.toString());
    assertEquals(0, c.exitCode(), c.err());
    assertTrue(c.out().contains("2 points in"), c.out());
    assertTrue(c.out().contains("(2 refused by the private data set's budget)"), c.out());
    DatasetBudget.State state = DatasetBudget.of(budgets, Sha256.of(privateFile)).read();
    assertEquals(2, state.settledRuns());
    assertTrue(state.open().isEmpty());
    assertTrue(state.committedEpsilon() <= state.total().epsilon());
    List<String> statuses = new ArrayList<>();
    try (Stream<Path> points = Files.list(case3.resolve("runs/study/points"))) {
      for (Path p : points.toList()) {
        statuses.add(Json.mapper().readTree(p.resolve("status.json").toFile()).get("status")
            .asText());
      }
    }
    assertEquals(2, statuses.stream().filter("refused"::equals).count(), statuses.toString());
  }

  /** Two runs started at once against a budget for one: exactly one ran. */
  @Test
  void twoConcurrentRunsNeverBothTakeTheLastOfTheBudget() throws Exception {
    Path case4 = dir.resolve("four");
    Path budgets = case4.resolve("budgets");
    init(budgets, budgetFor(1));
    List<Process> runs = new ArrayList<>();
    for (String name : List.of("alice", "bob")) {
      Path config = write(case4, name + ".yaml", config(name, SIGMA));
      runs.add(new ProcessBuilder(ChildPate.command("run", config.toString(), "--out",
          case4.resolve("runs").toString(), "--budget-dir", budgets.toString()))
          .redirectErrorStream(true).redirectOutput(case4.resolve(name + ".log").toFile())
          .start());
    }
    List<Integer> exits = new ArrayList<>();
    for (Process p : runs) {
      assertTrue(p.waitFor(10, TimeUnit.MINUTES), "a run did not finish");
      exits.add(p.exitValue());
    }
    String logs = Files.readString(case4.resolve("alice.log"), StandardCharsets.UTF_8)
        + Files.readString(case4.resolve("bob.log"), StandardCharsets.UTF_8);
    assertEquals(List.of(0, 2), exits.stream().sorted().toList(), logs);
    assertTrue(logs.contains(": refused: this run's worst case"), logs);
    DatasetBudget.State state = DatasetBudget.of(budgets, Sha256.of(privateFile)).read();
    assertEquals(1, state.settledRuns());
    assertTrue(state.committedEpsilon() <= state.total().epsilon());
  }
}
