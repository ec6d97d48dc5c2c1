package dev.pate.pipeline.labelling;

import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The queries an interrupted run had chosen, read back from its votes.csv: whole rounds of pool
 * positions, in query order. A resumed run asks exactly these again instead of choosing anew (an
 * interim student retrained on resume need not choose the same images), and checks that the
 * retrained teachers vote on them as recorded, so the ledger's charges stay the charges for these
 * queries and votes.
 */
final class RecordedQueries {
  /** No queries recorded: a run not begun, or one that stopped before its first round. */
  static final RecordedQueries NONE = new RecordedQueries(null, "", List.of());

  private final Path file;
  private final String text;
  private final List<int[]> rounds;

  private RecordedQueries(Path file, String text, List<int[]> rounds) {
    this.file = file;
    this.text = text;
    this.rounds = List.copyOf(rounds);
  }

  /**
   * The recorded rounds of {@code file} (none if it does not exist).
   *
   * @param pool the query pool; the file's {@code index} column holds each query's source index
   * @param sizes the run's round sizes; the file must hold a whole number of rounds
   */
  static RecordedQueries read(Path file, Dataset pool, int[] sizes) {
    if (!Files.exists(file)) {
      return NONE;
    }
    List<String> lines;
    String text;
    try {
      text = Files.readString(file);
      lines = text.lines().toList();
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (lines.isEmpty() || !lines.get(0).startsWith("index,")) {
      throw new UserError(file + " line 1: expected the header index,count_0,...");
    }
    Map<Integer, Integer> poolPosition = pool.positionsBySourceIndex();
    int[] positions = new int[lines.size() - 1];
    boolean[] seen = new boolean[pool.size()];
    for (int q = 0; q < positions.length; q++) {
      String where = file + " line " + (q + 2) + ": ";
      String index = lines.get(q + 1).split(",", 2)[0];
      Integer p;
      try {
        p = poolPosition.get(Integer.parseInt(index));
      } catch (NumberFormatException e) {
        throw new UserError(where + "index '" + index + "' is not an integer");
      }
      if (p == null) {
        throw new UserError(where + "index " + index + " is not an image of the query pool");
      }
      if (seen[p]) {
        throw new UserError(where + "index " + index + " is listed twice");
      }
      seen[p] = true;
      positions[q] = p;
    }
    List<int[]> rounds = new ArrayList<>();
    int from = 0;
    for (int r = 0; r < sizes.length && from + sizes[r] <= positions.length; r++) {
      rounds.add(Arrays.copyOfRange(positions, from, from + sizes[r]));
      from += sizes[r];
    }
    if (from != positions.length) {
      throw new UserError(file + ": " + positions.length + " queries are not whole rounds of "
          + Arrays.toString(sizes) + " (aggregator.queries, aggregator.active_rounds)");
    }
    return new RecordedQueries(file, text, rounds);
  }

  /** Whole rounds recorded. */
  int rounds() {
    return rounds.size();
  }

  /** Queries recorded. */
  int queries() {
    return rounds.stream().mapToInt(r -> r.length).sum();
  }

  /** Round {@code round}'s recorded pool positions. */
  QuerySelector.RoundChoice round(int round) {
    return QuerySelector.RoundChoice.of(rounds.get(round).clone(), "recorded");
  }

  /**
   * Checks that {@code votesCsv}, the votes.csv of the rounds so far recomputed by a resumed run,
   * agrees with what the interrupted run recorded.
   */
  void check(String votesCsv) {
    if (!text.startsWith(votesCsv)) {
      throw new UserError(file + ": the resumed run computed different votes (teachers retrained"
          + " from their seeds must vote as they did); the run cannot be resumed (start a new one)");
    }
  }
}
