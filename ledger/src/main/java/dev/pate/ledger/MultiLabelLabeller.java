package dev.pate.ledger;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.multilabel.MultiLabelAggregator;
import dev.pate.aggregator.multilabel.MultiLabelAnswer;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.multilabel.MultiLabelVotes;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * The multi-label {@link Labeller}: answers label-set queries in order with a {@link
 * MultiLabelMechanism}; for each, refuses it if the budget would not admit its worst-case charge,
 * otherwise draws the noisy label set, appends the charge to the ledger (forced to disk; the
 * entry's {@code label} is the answered label set as a bit mask), adds it to the accountant, and
 * only then releases the answer. The three mechanisms answer every label of every query (none
 * abstains), so every asked query is charged in full.
 */
public final class MultiLabelLabeller {

  private final MultiLabelMechanism mechanism;
  private final MultiLabelAggregator aggregator;
  private final PrivacyAccountant accountant;
  private final LedgerWriter ledger;
  private final IntFunction<? extends RandomGenerator> noise;

  /**
   * Draws query {@code q}'s noise from {@code noiseOf.apply(q)}.
   *
   * @throws IllegalArgumentException if the accountant charges another mechanism
   */
  public MultiLabelLabeller(MultiLabelMechanism mechanism, PrivacyAccountant accountant,
      LedgerWriter ledger, IntFunction<? extends RandomGenerator> noiseOf) {
    this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
    this.accountant = Objects.requireNonNull(accountant, "accountant");
    if (!accountant.accounting().mechanismId().equals(mechanism.id())
        || !accountant.accounting().parameters().equals(mechanism.parameters())) {
      throw new IllegalArgumentException("accountant: charges "
          + accountant.accounting().mechanismId() + " " + accountant.accounting().parameters()
          + ", not " + mechanism.id() + " " + mechanism.parameters());
    }
    this.aggregator = mechanism.aggregator();
    this.ledger = Objects.requireNonNull(ledger, "ledger");
    this.noise = Objects.requireNonNull(noiseOf, "noiseOf");
  }

  /**
   * Labels queries {@code from} (inclusive) to {@code to} (exclusive) into {@code answers},
   * stopping at the first one the budget refuses; {@link Labeller.Outcome#asked()} is then that
   * query's number.
   */
  public Labeller.Outcome label(List<MultiLabelVotes> votes, MultiLabelAnswer[] answers, int from,
      int to) {
    if (from < 0 || from > to || to > votes.size() || answers.length < to) {
      throw new IllegalArgumentException("from, to: " + from + ", " + to + " is not a range of "
          + votes.size() + " queries");
    }
    for (int q = from; q < to; q++) {
      Optional<String> refusal = accountant.refusal();
      if (refusal.isPresent()) {
        return new Labeller.Outcome(q, refusal);
      }
      answers[q] = answer(q, votes.get(q));
    }
    return new Labeller.Outcome(to, Optional.empty());
  }

  /** Answers one query (no budget check): charge recorded and added first, then released. */
  public MultiLabelAnswer answer(int query, MultiLabelVotes votes) {
    if (votes.labels() != mechanism.labels()) {
      throw new IllegalArgumentException("votes: query " + query + " is over " + votes.labels()
          + " labels, " + mechanism.id() + " over " + mechanism.labels());
    }
    MultiLabelAnswer answer = aggregator.answer(votes, noise.apply(query));
    QueryCharge charge = accountant.costOf(mechanism.accountingCounts(votes), true);
    ledger.append(query, true, answer.positiveMask(), charge.spentRdp(),
        charge.dataDependentRdp());
    accountant.add(charge);
    return answer;
  }
}
