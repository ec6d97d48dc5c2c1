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
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ledger of a run with privacy groups: its header records the groups, its lines each group's
 * data-dependent charge, a replay gives every group the same figures, and a resumed run with
 * other groups is refused. The groups' accountant here is a stand-in (a group's accounting is
 * GNMax at sigma / multiplier, whose data-independent cost is exactly multiplier^2 times the
 * base); what is tested is the ledger, not the group accounting.
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

  /** One {@link PrivacyAccountant} per group, each with its budget; the base without one. */
  private static final class StandIn implements RunAccountant {
    final LedgerGroups groups;
    final PrivacyAccountant base;
    final Map<String, PrivacyAccountant> byGroup = new LinkedHashMap<>();

    StandIn(LedgerGroups groups) {
      this.groups = groups;
      this.base = new PrivacyAccountant(accounting(1), Optional.empty(), QUERIES);
      for (LedgerGroups.Group g : groups.groups()) {
        byGroup.put(g.name(), new PrivacyAccountant(accounting(g.multiplier()), Optional.of(
            new Budget(g.epsilon(), g.delta(), Conversion.IMPROVED, Orders.defaults())),
            QUERIES));
      }
    }

    private static QueryAccounting accounting(int multiplier) {
      return new GnmaxAccounting(SIGMA / multiplier, Orders.defaults(), NoiseKind.DISCRETE);
    }

    @Override
    public QueryAccounting accounting() {
      return base.accounting();
    }

    @Override
    public Optional<Budget> budget() {
      return Optional.empty();
    }

    @Override
    public int maxQueries() {
      return QUERIES;
    }

    @Override
    public Optional<LedgerGroups> groups() {
      return Optional.of(groups);
    }

    @Override
    public Optional<String> refusal() {
      return byGroup.values().stream().flatMap(a -> a.refusal().stream()).findFirst();
    }

    @Override
    public LedgerCharge costOf(double[] counts, boolean answered) {
      Map<String, double[]> dependent = new LinkedHashMap<>();
      byGroup.forEach((name, a) -> dependent.put(name,
          a.costOf(counts, answered).dataDependentRdp()));
      return new LedgerCharge(base.costOf(counts, answered), dependent);
    }

    @Override
    public void chargeReserved() {
      throw new IllegalStateException("no release with groups");
    }

    @Override
    public void add(LedgerCharge charge) {
      base.add(charge.base());
      for (LedgerGroups.Group g : groups.groups()) {
        double[] spent = charge.base().spentRdp();
        for (int i = 0; i < spent.length; i++) {
          spent[i] *= g.multiplier() * g.multiplier();
        }
        byGroup.get(g.name()).add(new QueryCharge(charge.base().answered(), spent,
            charge.groupDataDependentRdp().get(g.name())));
      }
    }
  }

  private static Path labelled(Path dir, StandIn accountant) {
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
    StandIn run = new StandIn(groups("upsampling", 1.0, 3));
    Path file = labelled(dir, run);
    LedgerContents contents = LedgerReader.read(file);
    assertEquals(Optional.of(groups("upsampling", 1.0, 3)), contents.header().groups());
    // The filter stopped the run before its last query: some group's budget refused one.
    assertTrue(contents.entries().size() < QUERIES, "asked " + contents.entries().size());
    assertTrue(run.refusal().isPresent());

    StandIn replay = new StandIn(groups("upsampling", 1.0, 3));
    assertEquals(Optional.empty(), contents.header().differenceFrom(replay, Optional.empty()));
    for (LedgerEntry e : contents.entries()) {
      replay.add(LedgerCharge.of(e));
    }
    for (String name : run.byGroup.keySet()) {
      assertArrayEquals(run.byGroup.get(name).spentRdp(), replay.byGroup.get(name).spentRdp());
      assertArrayEquals(run.byGroup.get(name).dataDependentRdp(),
          replay.byGroup.get(name).dataDependentRdp());
      assertEquals(run.byGroup.get(name).report(1e-5, Conversion.IMPROVED),
          replay.byGroup.get(name).report(1e-5, Conversion.IMPROVED));
    }
    // A group's spent cost is its multiplier squared times the base: open (3) is 9 times strict.
    double[] strict = replay.byGroup.get("strict").spentRdp();
    double[] open = replay.byGroup.get("open").spentRdp();
    assertEquals(9 * strict[0], open[0], 1e-12 * open[0]);
  }

  @Test
  void aResumedRunWithOtherGroupsOrNoneIsRefused(@TempDir Path dir) {
    LedgerHeader header = LedgerReader.read(labelled(dir,
        new StandIn(groups("upsampling", 1.0, 3)))).header();
    for (LedgerGroups other : List.of(groups("weighting", 1.0, 3),
        groups("upsampling", 1.5, 3), groups("upsampling", 1.0, 2))) {
      String difference = header.differenceFrom(new StandIn(other), Optional.empty())
          .orElseThrow();
      assertTrue(difference.startsWith("its charges were made for the privacy groups"),
          difference);
    }
    PrivacyAccountant plain = new PrivacyAccountant(StandIn.accounting(1), Optional.empty(),
        QUERIES);
    assertTrue(header.differenceFrom(plain).orElseThrow().contains("privacy groups"));
    assertFalse(header.differenceFrom(new StandIn(groups("upsampling", 1.0, 3)),
        Optional.empty()).isPresent());
  }

  @Test
  void aLineWithoutEveryGroupsChargeIsAOneLineError(@TempDir Path dir) throws Exception {
    Path file = labelled(dir, new StandIn(groups("weighting", 1.0, 3)));
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
