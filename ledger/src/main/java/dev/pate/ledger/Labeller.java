package dev.pate.ledger;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Aggregator;
import dev.pate.aggregator.mechanism.Answer;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * Answers queries in order. For each query: refuse it if the accountant's budget would not admit
 * its worst-case charge ({@link RunAccountant#refusal()}: with privacy groups, any group's
 * budget); otherwise draw the noisy answer, append its charge to the ledger (forced to disk), add
 * it to the accountant, and only then release the answer.
 *
 * <p>The budget is checked on data-independent costs only: the data-dependent epsilon is a
 * function of the private votes, and stopping on it would leak them.
 */
public final class Labeller {
  /** Where labelling ended: {@code asked} queries got an answer or abstained. */
  public record Outcome(int asked, Optional<String> stoppedBecause) {}

  private final Aggregator aggregator;
  private final RunAccountant accountant;
  private final LedgerWriter ledger;
  private final IntFunction<? extends RandomGenerator> noise;

  /** Draws every query's noise from {@code noise}, in query order. */
  public Labeller(Aggregator aggregator, PrivacyAccountant accountant, LedgerWriter ledger,
      RandomGenerator noise) {
    this(aggregator, accountant, ledger, query -> noise);
  }

  /**
   * Draws query {@code q}'s noise from {@code noiseOf.apply(q)}: with a generator seeded per query,
   * a run resumed after query k draws for query k + 1 exactly what an uninterrupted run draws.
   */
  public Labeller(Aggregator aggregator, PrivacyAccountant accountant, LedgerWriter ledger,
      IntFunction<? extends RandomGenerator> noiseOf) {
    this(aggregator, RunAccountant.of(accountant), ledger, noiseOf);
  }

  /**
   * As {@link #Labeller(Aggregator, PrivacyAccountant, LedgerWriter, IntFunction)}, charging
   * {@code accountant}: one budget, or one per privacy group.
   */
  public Labeller(Aggregator aggregator, RunAccountant accountant, LedgerWriter ledger,
      IntFunction<? extends RandomGenerator> noiseOf) {
    this.aggregator = aggregator;
    this.accountant = accountant;
    this.ledger = ledger;
    this.noise = noiseOf;
  }

  /** Labels queries {@code from} onwards into {@code answers} (same length as {@code votes}). */
  public Outcome label(int[][] votes, Answer[] answers, int from) {
    return label(votes, answers, from, votes.length);
  }

  /**
   * Labels queries {@code from} (inclusive) to {@code to} (exclusive) into {@code answers}, stopping
   * at the first one the budget refuses; {@link Outcome#asked()} is then that query's number.
   */
  public Outcome label(int[][] votes, Answer[] answers, int from, int to) {
    if (from < 0 || from > to || to > votes.length) {
      throw new IllegalArgumentException("from, to: " + from + ", " + to + " is not a range of "
          + votes.length + " queries");
    }
    for (int q = from; q < to; q++) {
      Optional<String> refusal = accountant.refusal();
      if (refusal.isPresent()) {
        return new Outcome(q, refusal);
      }
      answers[q] = answer(q, votes[q]);
    }
    return new Outcome(to, Optional.empty());
  }

  /** Answers one query (no budget check): charge recorded and added first, then released. */
  public Answer answer(int query, int[] counts) {
    Answer answer = aggregator.answer(counts, noise.apply(query));
    LedgerCharge charge = accountant.costOf(toDoubles(counts), answer.answered());
    ledger.append(query, answer.answered(), answer.label(), charge);
    accountant.add(charge);
    return answer;
  }

  private static double[] toDoubles(int[] counts) {
    double[] d = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      d[i] = counts[i];
    }
    return d;
  }
}
