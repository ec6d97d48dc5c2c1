package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.groups.PrivacyGroup;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ledger of a run with privacy groups: its header records the groups, its lines each group's
 * data-dependent charge, a replay gives every group the same figures (bit for bit: a group's
 * spent charge is rebuilt as its multiplier squared times the base one), and a resumed run with
 * other groups is refused.
 */
class LedgerGroupsTest {
  private static final double SIGMA = 40;
  private static final int QUERIES = 60;

  /** Groups of a stand-in accountant: budgets 1, 2, 3 at multipliers 1, 2, 3. */
  private static LedgerGroups groups(String method, double strictEpsilon, int openMultiplier) {
    return new LedgerGroups(method, List.of(
        new LedgerGroups.Group("strict", strictEpsilon, 1e-5, "improved", 1),
        new LedgerGroups.Group("standard", 2.0, 1e-5, "improved", 2),
        new LedgerGroups.Group("open", 3.0, 1e-5, "improved", openMultiplier)));
  }

  /** The run's accountant for these groups: a Renyi filter per group, GNMax at SIGMA. */
  private static GroupRunAccountant accountant(LedgerGroups groups) {
    List<PrivacyGroup> privacyGroups = new ArrayList<>();
    for (LedgerGroups.Group g : groups.groups()) {
      privacyGroups.add(new PrivacyGroup(g.name(), new Budget(g.epsilon(), g.delta(),
          Conversion.IMPROVED, Orders.defaults()), g.multiplier()));
    }
    return new GroupRunAccountant(new Mechanism.Gnmax(SIGMA), groups.method(), privacyGroups,
        QUERIES);
  }

  private static PrivacyAccountant group(GroupRunAccountant run, String name) {
    return run.groupAccountant().accountant(name);
  }

  private static Path labelled(Path dir, GroupRunAccountant accountant) {
    Path file = dir.resolve(Ledger.FILE);
    int[][] votes = LabellerTest.votes(QUERIES, 7);
    try (LedgerWriter ledger = LedgerWriter.create(file, accountant, Optional.empty())) {
      new Labeller(Aggregators.gnmax(SIGMA), accountant, ledger,
          q -> RandomSources.seeded(q)).label(votes, new Answer[QUERIES], 0);
    }
    return file;
  }

  @Test
  void aReplayGivesEveryGroupTheFiguresOfTheRunAndStopsWhereTheTightestGroupWould(
      @TempDir Path dir) {
    GroupRunAccountant run = accountant(groups("upsampling", 1.0, 3));
    Path file = labelled(dir, run);
    LedgerContents contents = LedgerReader.read(file);
    assertEquals(Optional.of(groups("upsampling", 1.0, 3)), contents.header().groups());
    // The filter stopped the run before its last query: some group's budget refused one.
    assertTrue(contents.entries().size() < QUERIES, "asked " + contents.entries().size());
    assertTrue(run.refusal().isPresent());

    GroupRunAccountant replay = accountant(groups("upsampling", 1.0, 3));
    assertEquals(Optional.empty(), contents.header().differenceFrom(replay, Optional.empty()));
    for (LedgerEntry e : contents.entries()) {
      replay.add(LedgerCharge.of(e));
    }
    for (String name : contents.header().groups().orElseThrow().names()) {
      assertArrayEquals(group(run, name).spentRdp(), group(replay, name).spentRdp());
      assertArrayEquals(group(run, name).dataDependentRdp(),
          group(replay, name).dataDependentRdp());
      assertEquals(group(run, name).report(1e-5, Conversion.IMPROVED),
          group(replay, name).report(1e-5, Conversion.IMPROVED));
    }
    // A group's spent cost is its multiplier squared times the base: open (3) is 9 times strict.
    double[] strict = group(replay, "strict").spentRdp();
    double[] open = group(replay, "open").spentRdp();
    assertEquals(9 * strict[0], open[0], 1e-12 * open[0]);
  }

  @Test
  void aResumedRunWithOtherGroupsOrNoneIsRefused(@TempDir Path dir) {
    LedgerHeader header = LedgerReader.read(labelled(dir,
        accountant(groups("upsampling", 1.0, 3)))).header();
    for (LedgerGroups other : List.of(groups("weighting", 1.0, 3),
        groups("upsampling", 1.5, 3), groups("upsampling", 1.0, 2))) {
      String difference = header.differenceFrom(accountant(other), Optional.empty())
          .orElseThrow();
      assertTrue(difference.startsWith("its charges were made for the privacy groups"),
          difference);
    }
    PrivacyAccountant plain = new PrivacyAccountant(new GnmaxAccounting(SIGMA, Orders.defaults(),
        NoiseKind.DISCRETE), Optional.empty(), QUERIES);
    assertTrue(header.differenceFrom(plain).orElseThrow().contains("privacy groups"));
    assertFalse(header.differenceFrom(accountant(groups("upsampling", 1.0, 3)),
        Optional.empty()).isPresent());
  }

  @Test
  void aLineWithoutEveryGroupsChargeIsAOneLineError(@TempDir Path dir) throws Exception {
    Path file = labelled(dir, accountant(groups("weighting", 1.0, 3)));
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    // Line 3 re-signed without the group "open": the chain holds, the content does not.
    ObjectNode second = (ObjectNode) Ledger.MAPPER.readTree(lines.get(2));
    ((ObjectNode) second.get("group_data_dependent_rdp")).remove("open");
    second.remove("hash");
    second.put("hash", ChainedFile.hashOf(second));
    lines.set(2, Ledger.MAPPER.writeValueAsString(second));
    lines.subList(3, lines.size()).clear();
    Files.write(file, lines);
    String message = assertThrows(UserError.class, () -> LedgerReader.read(file)).getMessage();
    assertTrue(message.startsWith(file + " line 3: expected a data-dependent charge for each"
        + " privacy group [strict, standard, open]"), message);
    assertFalse(message.contains("\n"));
  }
}
