package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** {@code aggregator.selection: active} and its keys. */
class ActiveSelectionConfigTest {

  @Test
  void activeSelectionHasRoundsAndInterimEpochsWithDefaults() {
    AggregatorConfig a = load("aggregator: {selection: active, queries: 10}").aggregator();
    assertEquals(Selection.ACTIVE, a.selection());
    assertEquals(OptionalInt.of(4), a.activeRounds());
    assertEquals(OptionalInt.of(10), a.activeEpochs());
    AggregatorConfig given =
        load("aggregator: {selection: active, active_rounds: 3, active_epochs: 2}").aggregator();
    assertEquals(OptionalInt.of(3), given.activeRounds());
    assertEquals(OptionalInt.of(2), given.activeEpochs());
  }

  @Test
  void theActiveKeysAreIgnoredByTheOtherSelections() {
    AggregatorConfig a =
        load("aggregator: {selection: random, active_rounds: 3, active_epochs: 2}").aggregator();
    assertTrue(a.activeRounds().isEmpty() && a.activeEpochs().isEmpty(), a.toString());
    assertArrayEquals(new int[] {a.queries()}, a.roundSizes());
  }

  @Test
  void roundsSplitTheQueriesNearlyEquallyAndAddUpToThem() {
    for (int queries : new int[] {4, 10, 11, 640}) {
      int[] sizes = load("aggregator: {selection: active, queries: " + queries + "}")
          .aggregator().roundSizes();
      assertEquals(4, sizes.length);
      assertEquals(queries, Arrays.stream(sizes).sum());
      int min = Arrays.stream(sizes).min().orElseThrow();
      int max = Arrays.stream(sizes).max().orElseThrow();
      assertTrue(min >= 1 && max - min <= 1, Arrays.toString(sizes));
    }
  }

  @Test
  void badRoundsAreOneLineProblemsNamingTheKey() {
    assertEquals(
        "exp.yaml line 1: aggregator.active_rounds: 1 is not >= 2",
        onlyProblem("aggregator: {selection: active, active_rounds: 1}"));
    assertEquals(
        "exp.yaml line 1: aggregator.active_rounds: 5 is not <= aggregator.queries (3): each"
            + " round of active selection asks at least one query",
        onlyProblem("aggregator: {selection: active, active_rounds: 5, queries: 3}"));
    assertEquals(
        "exp.yaml line 1: aggregator.active_epochs: 0 is not >= 1",
        onlyProblem("aggregator: {selection: active, active_epochs: 0}"));
  }
}
