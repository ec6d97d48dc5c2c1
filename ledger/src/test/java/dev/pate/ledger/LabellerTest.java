package dev.pate.ledger;

import dev.pate.files.UserError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Budget enforcement and the ledger, on synthetic votes (no training). */
class LabellerTest {
  static final double GAMMA = 0.1;
  static final double DELTA = 1e-5;

  /** 250 teachers, 10 classes, mostly strong consensus. */
  static int[][] votes(int queries, long seed) {
    Random random = new Random(seed);
    int[][] votes = new int[queries][10];
    for (int[] row : votes) {
      int truth = random.nextInt(10);
      for (int t = 0; t < 250; t++) {
        row[random.nextDouble() < 0.8 ? truth : random.nextInt(10)]++;
      }
    }
    return votes;
  }

  static LnmaxAccounting lnmax() {
    return new LnmaxAccounting(GAMMA, Orders.defaults(), NoiseKind.DISCRETE);
  }

  static PrivacyAccountant accountant() {
    return new PrivacyAccountant(lnmax());
  }

  static PrivacyAccountant accountant(double budget, int queries) {
    return new PrivacyAccountant(lnmax(),
        Optional.of(new Budget(budget, DELTA, Conversion.IMPROVED, Orders.defaults())), queries);
  }

  private static PrivacyAccountant wrap(QueryAccounting accounting) {
    return new PrivacyAccountant(accounting);
  }

  @Test
  void stopsAtTheLastQueryThatFitsTheBudgetAndTheLedgerAgreesWithTheAccountant(@TempDir Path dir) {
    int[][] votes = votes(400, 1);
    double budget = 8.0;
    PrivacyAccountant accountant = accountant(budget, votes.length);
    Answer[] answers = new Answer[votes.length];
    Labeller.Outcome outcome;
    try (LedgerWriter ledger = LedgerWriter.create(dir.resolve(Ledger.FILE), accountant)) {
      outcome = new Labeller(Aggregators.lnmax(GAMMA), accountant, ledger,
          RandomSources.seeded(5)).label(votes, answers, 0);
    }
    int asked = outcome.asked();
    assertTrue(asked > 0 && asked < votes.length, "asked " + asked);
    assertTrue(outcome.stoppedBecause().orElseThrow().startsWith("budget:"));

    // The last query that fits: asked answers fit, one more does not.
    PrivacyAccountant replay = accountant();
    double[] one = replay.accounting().dataIndependentRdp();
    for (int q = 0; q < asked; q++) {
      replay.add(new QueryCharge(true, one, one));
    }
    assertTrue(replay.report(DELTA, Conversion.IMPROVED).epsilonDataIndependent().epsilon()
        <= budget);
    assertTrue(replay.spentEpsilonWith(one, DELTA, Conversion.IMPROVED).epsilon()
        > budget);
    assertEquals(replay.report(DELTA, Conversion.IMPROVED).epsilonDataIndependent(),
        accountant.report(DELTA, Conversion.IMPROVED).epsilonDataIndependent());

    // The ledger holds exactly the charges made, and re-adding them gives the same epsilons.
    LedgerContents contents = LedgerReader.read(dir.resolve(Ledger.FILE));
    assertEquals(asked, contents.entries().size());
    PrivacyAccountant fromLedger = accountant(budget, votes.length);
    for (LedgerEntry e : contents.entries()) {
      fromLedger.add(new QueryCharge(e.answered(), e.spentRdp(), e.dataDependentRdp()));
      assertEquals(answers[e.query()].label(), e.label());
    }
    assertEquals(accountant.report(DELTA, Conversion.IMPROVED),
        fromLedger.report(DELTA, Conversion.IMPROVED));
  }

  @Test
  void tamperedRemovedOrTornLinesAreDetected(@TempDir Path dir) throws IOException {
    Path file = dir.resolve(Ledger.FILE);
    PrivacyAccountant accountant = accountant();
    try (LedgerWriter ledger = LedgerWriter.create(file, accountant)) {
      new Labeller(Aggregators.lnmax(GAMMA), accountant, ledger, RandomSources.seeded(2))
          .label(votes(5, 3), new Answer[5], 0);
    }
    List<String> lines = Files.readAllLines(file);
    assertEquals(6, lines.size());

    List<String> edited = new ArrayList<>(lines);
    edited.set(3, edited.get(3).replaceFirst("\"label\":\\d", "\"label\":7"));
    if (edited.get(3).equals(lines.get(3))) {
      edited.set(3, edited.get(3).replaceFirst("\"label\":\\d", "\"label\":8"));
    }
    Files.write(file, edited);
    assertTrue(assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage()
        .contains("line 4: hash does not match"));

    List<String> removed = new ArrayList<>(lines);
    removed.remove(2);
    Files.write(file, removed);
    assertTrue(assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage()
        .contains("line 3: does not follow line 2"));

    String whole = String.join("\n", lines) + "\n";
    Files.writeString(file, whole.substring(0, whole.length() - 20));
    assertTrue(assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage()
        .contains("line 6: truncated"));
    assertTrue(LedgerWriter.dropTornLastLine(file) > 0);
    assertEquals(4, LedgerReader.read(file).entries().size());
  }

  /**
   * Found by fuzzing: a first line that is not a JSON object (empty, a string) threw a
   * ClassCastException; a header signed anew (its hash is not keyed) with no orders, or a charge
   * of infinite cost, must be refused as clearly as a tampered line.
   */
  @Test
  void linesThatAreNotALedgersAreRefusedWithTheirLine(@TempDir Path dir) throws IOException {
    Path file = dir.resolve(Ledger.FILE);
    for (String first : List.of("", "\"text\"", "[1]")) {
      Files.writeString(file, first + "\n");
      assertTrue(assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage()
          .startsWith(file + " line 1: not a ledger header"), first);
    }
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode header = mapper.createObjectNode().put("ledger", "pate").put("mechanism", "lnmax");
    header.putArray("orders");
    header.put("hash", Sha256.of(mapper.writeValueAsString(header)));
    Files.writeString(file, mapper.writeValueAsString(header) + "\n");
    assertEquals(file + " line 1: orders: [] is not a list of orders > 1",
        assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage());

    PrivacyAccountant accountant = accountant();
    Path signed = dir.resolve("infinite.jsonl");
    try (LedgerWriter ledger = LedgerWriter.create(signed, accountant)) {
      double[] infinite = new double[Orders.defaults().size()];
      java.util.Arrays.fill(infinite, Double.POSITIVE_INFINITY);
      ledger.append(0, true, 1, infinite, infinite);
    }
    assertEquals(signed + " line 2: a charge that is not a finite cost >= 0",
        assertThrows(UserError.class, () -> LedgerReader.read(signed)).getMessage());
  }

  @Test
  void theHeaderRecordsTheNoiseAndNamesHowAnotherAccountingDiffers(@TempDir Path dir) {
    Path file = dir.resolve(Ledger.FILE);
    LedgerWriter.create(file, accountant(2.0, 100)).close();
    LedgerHeader header = LedgerReader.read(file).header();
    assertEquals(ChargedMechanism.of(new Mechanism.Lnmax(GAMMA)), header.mechanism());
    assertEquals(NoiseKind.DISCRETE, header.noise());
    assertEquals(Map.of("gamma", GAMMA), header.mechanism().parameters());
    assertEquals(java.util.OptionalInt.of(100), header.maxQueries());
    assertEquals(Optional.empty(), header.differenceFrom(accountant(2.0, 100)));

    Orders orders = Orders.defaults();
    assertTrue(header.differenceFrom(wrap(new LnmaxAccounting(2 * GAMMA, orders,
        NoiseKind.DISCRETE))).orElseThrow().contains("{gamma=" + 2 * GAMMA + "}"));
    assertTrue(header.differenceFrom(wrap(new LnmaxAccounting(GAMMA, orders,
        NoiseKind.CONTINUOUS))).orElseThrow().contains("continuous"));
    assertTrue(header.differenceFrom(wrap(new GnmaxAccounting(40, orders, NoiseKind.DISCRETE)))
        .orElseThrow().contains("made by lnmax"));
    assertTrue(header.differenceFrom(wrap(new LnmaxAccounting(GAMMA, Orders.of(2, 8, 32),
        NoiseKind.DISCRETE))).orElseThrow().contains("orders"));
    // The guarantee rests on the budget and the query count: neither may change mid-ledger.
    assertTrue(header.differenceFrom(accountant(3.0, 100)).orElseThrow()
        .contains("under the budget"));
    assertTrue(header.differenceFrom(accountant()).orElseThrow().contains("under the budget"));
    assertTrue(header.differenceFrom(accountant(2.0, 200)).orElseThrow()
        .contains("at most 100 queries"));
  }

  /**
   * A run that releases its data-dependent epsilon resumes only with the same release numbers;
   * the prose recorded beside them (how they were chosen) may be worded otherwise.
   */
  @Test
  void aReleaseIsComparedByItsNumbersNotItsProse(@TempDir Path dir) {
    Path file = dir.resolve(Ledger.FILE);
    Map<String, Object> release = Map.of("order", 3.0, "beta", 0.1, "sigma_ss", 3.0,
        "parameters_chosen", "fixed in the config");
    LedgerWriter.create(file, accountant(2.0, 100), Optional.of(release)).close();
    LedgerHeader header = LedgerReader.read(file).header();
    assertEquals(Optional.empty(), header.differenceFrom(accountant(2.0, 100), Optional.of(
        Map.of("order", 3.0, "beta", 0.1, "sigma_ss", 3.0, "parameters_chosen", "reworded"))));
    assertTrue(header.differenceFrom(accountant(2.0, 100), Optional.of(Map.of("order", 3.0,
        "beta", 0.1, "sigma_ss", 4.0, "parameters_chosen", "fixed in the config"))).isPresent());
    assertTrue(header.differenceFrom(accountant(2.0, 100)).isPresent(), "no release now");
  }

  /** A header whose hash matches but whose parameters are not numbers: one line, no trace. */
  @Test
  void headerParametersThatAreNotNumbersAreAOneLineError(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(Ledger.FILE);
    LedgerWriter.create(file, accountant()).close();
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode header = (ObjectNode) mapper.readTree(Files.readAllLines(file).get(0));
    header.remove("hash");
    header.putObject("parameters").put("gamma", "abc");
    header.put("hash", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(mapper.writeValueAsString(header).getBytes(StandardCharsets.UTF_8))));
    Files.writeString(file, mapper.writeValueAsString(header) + "\n");
    String message = assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage();
    assertTrue(message.startsWith(file + " line 1: parameters: expected names with numbers"),
        message);
  }

  /** Rewrites line 1 of {@code file} with {@code edit} applied, signed as a writer would. */
  private static void resignHeader(Path file, java.util.function.Consumer<ObjectNode> edit)
      throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    List<String> lines = Files.readAllLines(file);
    ObjectNode header = (ObjectNode) mapper.readTree(lines.get(0));
    header.remove("hash");
    edit.accept(header);
    header.put("hash", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(mapper.writeValueAsString(header).getBytes(StandardCharsets.UTF_8))));
    Files.writeString(file, mapper.writeValueAsString(header) + "\n");
  }

  /**
   * A version-2 header (the mechanism as an id with a map of parameters, no query count or
   * budget) reads as the typed mechanism: the typed header is written in the same form.
   */
  @Test
  void aVersion2HeaderReadsAsTheTypedMechanism(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(Ledger.FILE);
    LedgerWriter.create(file, accountant()).close();
    resignHeader(file, h -> {
      h.put("version", 2);
      h.remove("max_queries");
      h.remove("budget");
      h.remove("release");
    });
    LedgerHeader header = LedgerReader.read(file).header();
    assertEquals(ChargedMechanism.of(new Mechanism.Lnmax(GAMMA)), header.mechanism());
    assertEquals(java.util.OptionalInt.empty(), header.maxQueries());
    assertEquals(Optional.empty(), header.differenceFrom(accountant()));
  }

  /** A header without noise parameters (version 1), or naming no known mechanism: one line. */
  @Test
  void aHeaderWithoutATypedMechanismIsRefusedInOneLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(Ledger.FILE);
    LedgerWriter.create(file, accountant()).close();
    resignHeader(file, h -> {
      h.put("version", 1);
      h.remove("noise");
      h.remove("parameters");
    });
    String message = assertThrows(UserError.class, () -> LedgerReader.read(file))
        .getMessage();
    assertTrue(message.startsWith(file + " line 1: a version-1 ledger"), message);

    Path other = dir.resolve("other.jsonl");
    LedgerWriter.create(other, accountant()).close();
    resignHeader(other, h -> h.put("mechanism", "gnmax"));
    message = assertThrows(UserError.class, () -> LedgerReader.read(other)).getMessage();
    assertEquals(other + " line 1: not a mechanism pate knows: parameters: gnmax takes sigma,"
        + " not [gamma]", message);
  }
}
