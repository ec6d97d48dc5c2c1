package dev.pate.pipeline.labelling;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.ledger.Labeller;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stopwatch;
import dev.pate.pipeline.output.CsvTables;
import dev.pate.pipeline.output.RunFolder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The votes and labelling stages of a run, in rounds. Each round: a {@link QuerySelector} chooses
 * pool images (from public data and the answers released so far), the teachers vote on those images
 * only, the votes of all rounds so far are written to votes.csv, and the round's queries are
 * labelled in order through the run's {@link LabellingSession} (charged to the ledger before each
 * answer is released, stopped by the budget). {@code first} and {@code random} selection are a
 * single round; {@code active} selection is {@code aggregator.active_rounds} rounds.
 *
 * <p>votes.csv is written before the round's first charge, so it records every query before the
 * ledger charges it. A resumed run has its recorded rounds read back ({@link RunRecord}) and asks
 * exactly those images again, in the same order, rather than choosing again; it chooses only the
 * rounds the interrupted run had not reached.
 */
public final class QueryRounds {

  /** The teachers' vote counts for some images. */
  @FunctionalInterface
  public interface Voter {
    int[][] votes(Dataset images);
  }

  /**
   * One round, as the report tells it.
   *
   * @param round from 1
   * @param chosenBy see {@link QuerySelector.RoundChoice#chosenBy()}
   * @param chosen pool images chosen (and voted on)
   * @param asked of them, put to the aggregator (fewer when the budget stopped labelling)
   * @param answered of those, answered (the rest abstained)
   * @param interimAccuracy accuracy of the interim student that chose the round (on the validation
   *     split, else held-out); null when none did
   */
  public record Round(int round, String chosenBy, int chosen, int asked, int answered,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double interimAccuracy) {}

  /**
   * What the rounds produced.
   *
   * @param queries the chosen pool images, in query order
   * @param votes their vote counts, same order
   * @param labelling the answers to the asked ones (a prefix of the queries)
   */
  public record Outcome(Dataset queries, int[][] votes, Labelling labelling, List<Round> rounds,
      double votingSeconds, double labellingSeconds, double selectionSeconds) {
    public Outcome {
      votes = copy(votes);
      rounds = List.copyOf(rounds);
    }

    /** A copy: the votes stay as they were counted. */
    @Override
    public int[][] votes() {
      return copy(votes);
    }

    private static int[][] copy(int[][] votes) {
      int[][] out = new int[votes.length][];
      for (int q = 0; q < votes.length; q++) {
        out[q] = votes[q].clone();
      }
      return out;
    }
  }

  private final RunConfig config;
  private final AggregatorConfig aggregator;
  private final Optional<ReleasePlan> release;
  private final RunFolder folder;
  private final RunRecord record;
  private final Dataset pool;
  private final QuerySelector selector;
  private final Voter voter;
  private final PipelineListener listener;

  /**
   * @param aggregator the run's aggregator with the noise labelling uses (given or planned)
   * @param release the release of the data-dependent epsilon made after labelling, if any
   * @param record what the run recorded before (its ledger and votes.csv), verified against this
   *     pool before anything expensive ran: see {@link RunRecord#withVotes}
   */
  public QueryRounds(RunConfig config, AggregatorConfig aggregator, Optional<ReleasePlan> release,
      RunFolder folder, RunRecord record, Dataset pool, QuerySelector selector, Voter voter,
      PipelineListener listener) {
    this.config = config;
    this.aggregator = aggregator;
    this.release = release;
    this.folder = folder;
    this.record = record;
    this.pool = pool;
    this.selector = selector;
    this.voter = voter;
    this.listener = listener;
  }

  public Outcome run() {
    int[] sizes = aggregator.roundSizes();
    RecordedQueries recorded = record.queries();
    int total = aggregator.queries();
    int[] positions = new int[total];
    int[][] votes = new int[total][];
    List<Round> rounds = new ArrayList<>();
    int chosen = 0;
    Labeller.Outcome labelled = new Labeller.Outcome(0, Optional.empty());
    double voting = 0;
    double labelling = 0;
    double selecting = 0;
    try (LabellingSession session = LabellingSession.open(folder, config, aggregator, total,
        record, release, listener)) {
      for (int r = 0; r < sizes.length && labelled.stoppedBecause().isEmpty(); r++) {
        Stopwatch selection = Stopwatch.start();
        QuerySelector.RoundChoice choice = r < recorded.rounds() ? recorded.round(r)
            : selector.choose(r, sizes[r], new QuerySelector.Released(
                Arrays.copyOf(positions, chosen), session.answers(chosen)));
        requireNew(choice.positions(), sizes[r], Arrays.copyOf(positions, chosen));
        selecting += selection.seconds();

        Stopwatch votingTime = Stopwatch.start();
        int start = chosen;
        int[][] roundVotes = voter.votes(pool.subset(choice.positions()));
        System.arraycopy(choice.positions(), 0, positions, start, sizes[r]);
        System.arraycopy(roundVotes, 0, votes, start, sizes[r]);
        chosen += sizes[r];
        String votesCsv = CsvTables.votes(queries(positions, chosen),
            Arrays.copyOf(votes, chosen));
        if (r < recorded.rounds()) {
          recorded.check(votesCsv);
        } else {
          folder.write("votes.csv", votesCsv);
        }
        voting += votingTime.seconds();

        Stopwatch labellingTime = Stopwatch.start();
        labelled = session.label(votes, start, chosen);
        labelling += labellingTime.seconds();
        Round round = round(r, choice, sizes[r], session.answers(labelled.asked()), start);
        rounds.add(round);
        if (sizes.length > 1) {
          listener.message(describe(round, sizes.length));
        }
      }
      int asked = labelled.asked();
      labelled.stoppedBecause().ifPresent(reason -> listener.message("labelling stopped after "
          + asked + " of " + total + " queries: " + reason));
      return new Outcome(queries(positions, chosen), Arrays.copyOf(votes, chosen),
          session.labelling(labelled.asked(), labelled.stoppedBecause(), votes), rounds, voting,
          labelling, selecting);
    }
  }

  private Dataset queries(int[] positions, int count) {
    return pool.subset(pool.name() + "/queries", Arrays.copyOf(positions, count));
  }

  /**
   * Guards the selector's contract: {@code size} distinct pool positions, none asked before (a
   * query asked twice would be charged twice for one image).
   */
  private void requireNew(int[] chosen, int size, int[] asked) {
    if (chosen.length != size) {
      throw new IllegalStateException("selector chose " + chosen.length + " images, not " + size);
    }
    boolean[] taken = new boolean[pool.size()];
    for (int p : asked) {
      taken[p] = true;
    }
    for (int p : chosen) {
      if (p < 0 || p >= pool.size() || taken[p]) {
        throw new IllegalStateException("selector chose pool position " + p
            + (p < 0 || p >= pool.size() ? ", outside the pool" : ", asked before"));
      }
      taken[p] = true;
    }
  }

  private static Round round(int r, QuerySelector.RoundChoice choice, int size, Answer[] answers,
      int start) {
    int answered = 0;
    for (int q = start; q < answers.length; q++) {
      if (answers[q].answered()) {
        answered++;
      }
    }
    return new Round(r + 1, choice.chosenBy(), size, answers.length - start, answered,
        choice.interimAccuracy().isPresent() ? choice.interimAccuracy().getAsDouble() : null);
  }

  private static String describe(Round round, int rounds) {
    String how = switch (round.chosenBy()) {
      case "least-margin" -> String.format(Locale.ROOT, "the least-sure images of an interim"
          + " student (accuracy %.4f on the validation split, else held-out)",
          round.interimAccuracy());
      case "recorded" -> "as recorded in votes.csv";
      case "typical" -> "the most typical image of each k-means cluster";
      default -> round.chosenBy();
    };
    return "round " + round.round() + " of " + rounds + ": " + round.chosen()
        + " pool images, " + how + "; " + round.answered() + " of " + round.asked()
        + " asked answered";
  }
}
