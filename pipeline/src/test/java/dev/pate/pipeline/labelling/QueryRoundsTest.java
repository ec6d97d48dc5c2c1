package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.output.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The votes and labelling stages in rounds, with fake teachers and a fake interim student (no
 * training): rounds ask disjoint queries adding up to aggregator.queries, the teachers vote only on
 * the chosen images, the budget stops across rounds, and a resumed run asks the recorded queries.
 */
class QueryRoundsTest {
  static final int POOL = 40;
  static final String ACTIVE = """
      name: rounds
      seed: 3
      aggregator:
        mechanism: lnmax
        gamma: 0.5
        queries: 12
        selection: active
        active_rounds: 3
        randomness: seeded
      """;

  private final Dataset pool = ActiveSelectorTest.pool(POOL);

  /** Six teachers: five vote for the true label, one for the next class. Records what it saw. */
  static final class FakeTeachers implements QueryRounds.Voter {
    final List<Integer> votedOn = new ArrayList<>();

    @Override
    public int[][] votes(Dataset images) {
      int[][] votes = new int[images.size()][10];
      for (int i = 0; i < images.size(); i++) {
        votedOn.add(images.sourceIndex(i));
        votes[i][images.label(i)] += 5;
        votes[i][(images.label(i) + 1) % 10] += 1;
      }
      return votes;
    }
  }

  private QueryRounds.Outcome run(String yaml, RunFolder folder, ActiveSelector.Scorer scorer,
      QueryRounds.Voter voter) {
    RunConfig config = ConfigLoader.parse(yaml, "test.yaml", List.of());
    QuerySelector selector = new ActiveSelector(pool, scorer, config.seed());
    RunRecord record = RunRecord.read(folder.path(), config, config.aggregator(),
        Optional.empty()).withVotes(folder.path(), pool, config.aggregator().roundSizes());
    return new QueryRounds(config, config.aggregator(), Optional.empty(), folder, record, pool,
        selector, voter,
        PipelineListener.NONE).run();
  }

  private static int[] sourceIndices(Dataset images) {
    return IntStream.range(0, images.size()).map(images::sourceIndex).toArray();
  }

  @Test
  void roundsAskDisjointQueriesThatAddUpToTheQueriesAndTeachersVoteOnThoseOnly(
      @TempDir Path dir) throws IOException {
    RunFolder folder = RunFolder.create(dir, "t", Instant.now());
    FakeTeachers teachers = new FakeTeachers();
    ActiveSelectorTest.FakeScorer scorer =
        new ActiveSelectorTest.FakeScorer(ActiveSelectorTest.randomMargins(2));
    QueryRounds.Outcome outcome = run(ACTIVE, folder, scorer, teachers);

    int[] asked = sourceIndices(outcome.queries());
    assertEquals(12, asked.length);
    assertEquals(12, Arrays.stream(asked).distinct().count());
    assertEquals(Arrays.stream(asked).boxed().toList(), teachers.votedOn);
    assertEquals(List.of("random", "least-margin", "least-margin"),
        outcome.rounds().stream().map(QueryRounds.Round::chosenBy).toList());
    for (QueryRounds.Round round : outcome.rounds()) {
      assertEquals(4, round.chosen());
      assertEquals(4, round.asked());
    }
    // Each later round was chosen by a student trained on the answers of the rounds before it.
    assertEquals(2, scorer.trainedOn.size());
    assertEquals(Arrays.stream(outcome.labelling().answers()).limit(4)
        .filter(a -> a.answered()).count(), scorer.trainedOn.get(0).length);

    List<String> votesCsv = Files.readAllLines(folder.path().resolve("votes.csv"));
    assertEquals(13, votesCsv.size());
    for (int q = 0; q < 12; q++) {
      assertTrue(votesCsv.get(q + 1).startsWith(asked[q] + ","), votesCsv.get(q + 1));
    }
    LedgerContents ledger = LedgerReader.read(folder.path().resolve(Ledger.FILE));
    assertEquals(12, ledger.entries().size());
    assertEquals(12, outcome.labelling().answers().length);
  }

  @Test
  void theBudgetStopsLabellingAcrossRoundsAndNoFurtherRoundIsChosen(@TempDir Path dir) {
    // A budget that fits six answers and not seven: labelling stops in round 2 (of 4 + 4 + 4).
    PrivacyAccountant replay = new PrivacyAccountant(Mechanisms.of(
        ConfigLoader.parse(ACTIVE, "test.yaml", List.of()).aggregator(),
        ConfigLoader.parse(ACTIVE, "test.yaml", List.of()).privacy()).accounting());
    double[] one = replay.accounting().dataIndependentRdp();
    for (int q = 0; q < 6; q++) {
      replay.add(new QueryCharge(true, one, one));
    }
    double six = replay.report(1e-5, Conversion.IMPROVED).epsilonDataIndependent().epsilon();
    double seven = replay.spentEpsilonWith(one, 1e-5, Conversion.IMPROVED).epsilon();
    double budget = (six + seven) / 2;

    RunFolder folder = RunFolder.create(dir, "t", Instant.now());
    ActiveSelectorTest.FakeScorer scorer =
        new ActiveSelectorTest.FakeScorer(ActiveSelectorTest.randomMargins(3));
    QueryRounds.Outcome outcome = run(ACTIVE + "privacy:\n  budget: {epsilon: " + budget + "}\n",
        folder, scorer, new FakeTeachers());

    assertEquals(6, outcome.labelling().answers().length);
    assertTrue(outcome.labelling().stoppedBecause().orElseThrow().startsWith("budget:"));
    assertEquals(2, outcome.rounds().size());
    assertEquals(2, outcome.rounds().get(1).asked());
    assertEquals(1, scorer.trainedOn.size(), "round 3 must not be chosen after the stop");
    assertEquals(6, LedgerReader.read(folder.path().resolve(Ledger.FILE)).entries().size());
    assertTrue(outcome.labelling().accountant().report(1e-5, Conversion.IMPROVED)
        .epsilonDataIndependent().epsilon() <= budget);
  }

  @Test
  void aResumedRunAsksTheRecordedQueriesAndChoosesOnlyTheRoundsNotReached(@TempDir Path dir)
      throws IOException {
    RunFolder folder = RunFolder.create(dir, "t", Instant.now());
    double[] margins = ActiveSelectorTest.randomMargins(4);
    QueryRounds.Outcome whole = run(ACTIVE, RunFolder.create(dir, "whole", Instant.now()),
        new ActiveSelectorTest.FakeScorer(margins), new FakeTeachers());

    // The interrupted run: killed while choosing round 3, after rounds 1 and 2 were charged ...
    ActiveSelectorTest.FakeScorer first = new ActiveSelectorTest.FakeScorer(margins);
    ActiveSelector.Scorer crashesInRound3 = (labelled, labels, candidates, round) -> {
      if (round == 2) {
        throw new IllegalStateException("killed");
      }
      return first.score(labelled, labels, candidates, round);
    };
    assertThrows(IllegalStateException.class,
        () -> run(ACTIVE, folder, crashesInRound3, new FakeTeachers()));
    assertEquals(9, Files.readAllLines(folder.path().resolve("votes.csv")).size());
    // ... and, to resume mid-round, with the last three charges of round 2 lost.
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    List<String> ledger = Files.readAllLines(ledgerFile);
    Files.write(ledgerFile, ledger.subList(0, ledger.size() - 3));

    // Resumed with a student that now ranks the pool the other way round.
    double[] reversed = Arrays.stream(margins).map(m -> 1 - m).toArray();
    ActiveSelectorTest.FakeScorer second = new ActiveSelectorTest.FakeScorer(reversed);
    FakeTeachers teachers = new FakeTeachers();
    QueryRounds.Outcome resumed = run(ACTIVE, folder, second, teachers);

    assertEquals(List.of("recorded", "recorded", "least-margin"),
        resumed.rounds().stream().map(QueryRounds.Round::chosenBy).toList());
    int[] before = Arrays.copyOf(sourceIndices(whole.queries()), 8);
    assertArrayEquals(before, Arrays.copyOf(sourceIndices(resumed.queries()), 8));
    assertEquals(1, second.trainedOn.size(), "only round 3 is chosen anew");
    int[] round3 = Arrays.copyOfRange(sourceIndices(resumed.queries()), 8, 12);
    assertTrue(Arrays.stream(round3).noneMatch(p -> Arrays.stream(before).anyMatch(b -> b == p)));
    LedgerContents charges = LedgerReader.read(ledgerFile);
    assertEquals(12, charges.entries().size());
    for (int q = 0; q < 12; q++) {
      assertEquals(q, charges.entries().get(q).query());
    }
    assertEquals(12, Files.readAllLines(folder.path().resolve("votes.csv")).size() - 1);
  }

  @Test
  void aLedgerChargingQueriesThatVotesCsvDoesNotRecordCannotBeResumed(@TempDir Path dir)
      throws IOException {
    RunFolder folder = RunFolder.create(dir, "t", Instant.now());
    run(ACTIVE, folder, new ActiveSelectorTest.FakeScorer(ActiveSelectorTest.randomMargins(5)),
        new FakeTeachers());
    Path votes = folder.path().resolve("votes.csv");
    Files.write(votes, Files.readAllLines(votes).subList(0, 5));
    UserError error = assertThrows(UserError.class, () -> run(ACTIVE, folder,
        new ActiveSelectorTest.FakeScorer(ActiveSelectorTest.randomMargins(5)),
        new FakeTeachers()));
    assertTrue(error.getMessage().contains("12 charges, but votes.csv records only 4 queries"),
        error.getMessage());
  }

  @Test
  void aResumedRunWhoseTeachersVoteDifferentlyIsRefused(@TempDir Path dir) {
    RunFolder folder = RunFolder.create(dir, "t", Instant.now());
    ActiveSelectorTest.FakeScorer scorer =
        new ActiveSelectorTest.FakeScorer(ActiveSelectorTest.randomMargins(6));
    run(ACTIVE, folder, scorer, new FakeTeachers());
    QueryRounds.Voter other = images -> {
      int[][] votes = new FakeTeachers().votes(images);
      votes[0][0]++;
      return votes;
    };
    UserError error = assertThrows(UserError.class, () -> run(ACTIVE, folder, scorer, other));
    assertTrue(error.getMessage().contains("computed different votes"), error.getMessage());
  }
}
