package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ledger.Labeller;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.PipelineListener;
import dev.pate.pipeline.report.RunFolder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * The privacy side of a run's labelling, opened once for all its query rounds: the accountant, the
 * budget, the noise source, the ledger, and the answers. A new run starts a new ledger; a resumed
 * run re-adds the charges of its ledger (verified before the run began, see {@link RunRecord}) to
 * the accountant and restores their answers, so labelling continues after the last charge.
 */
final class LabellingSession implements AutoCloseable {
  private final Labeller labeller;
  private final Ledger ledger;
  private final PrivacyAccountant accountant;
  private final NoiseSource randomness;
  private final Answer[] answers;
  private final int charged;

  private LabellingSession(Labeller labeller, Ledger ledger, PrivacyAccountant accountant,
      NoiseSource randomness, Answer[] answers, int charged) {
    this.labeller = labeller;
    this.ledger = ledger;
    this.accountant = accountant;
    this.randomness = randomness;
    this.answers = answers;
    this.charged = charged;
  }

  /**
   * @param aggregator the run's aggregator with the noise labelling uses (given or planned)
   * @param queries the most queries the run may ask
   * @param record what the run recorded before, verified before anything expensive ran
   */
  static LabellingSession open(RunFolder folder, RunConfig config, AggregatorConfig aggregator,
      int queries, RunRecord record, PipelineListener listener) {
    Mechanisms mechanisms = Mechanisms.of(aggregator, config.privacy());
    PrivacyAccountant accountant = mechanisms.accountant(aggregator, config.privacy());
    Answer[] answers = new Answer[queries];
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    record.replayInto(accountant, answers);
    int charged = record.charged();
    Ledger ledger;
    if (record.ledger().isPresent()) {
      int torn = Ledger.dropTornLastLine(ledgerFile);
      if (torn > 0) {
        listener.message("dropped a charge cut short by the interruption (" + torn
            + " bytes); its answer was never released");
      }
      ledger = Ledger.resume(ledgerFile, record.ledger().get());
      listener.message("resuming labelling after " + charged + " charges in " + ledgerFile);
    } else {
      ledger = Ledger.create(ledgerFile, accountant);
    }
    // Seeded noise comes from a generator per query, seeded by the run's seed and the query: a
    // resumed run draws for each query what an uninterrupted one would (one generator for the
    // whole run would start over wherever a run resumed, and answer otherwise).
    NoiseSource randomness = switch (aggregator.randomness()) {
      case SECURE -> RandomSources.secure();
      case SEEDED -> seededNoise(config, 0);
    };
    IntFunction<RandomGenerator> noiseOf = aggregator.randomness() == Randomness.SECURE
        ? query -> randomness : query -> seededNoise(config, query);
    Labeller labeller = new Labeller(mechanisms.aggregator(), accountant, ledger, noiseOf);
    return new LabellingSession(labeller, ledger, accountant, randomness, answers, charged);
  }

  private static NoiseSource seededNoise(RunConfig config, int query) {
    return RandomSources.seeded(Seeds.derive(config.seed(), "noise", query));
  }

  /** Queries the ledger had charged when the session opened (0 for a new run). */
  int charged() {
    return charged;
  }

  /** The answers of queries {@code 0..count-1}, all answered or abstained by now. */
  Answer[] answers(int count) {
    return Arrays.copyOf(answers, count);
  }

  /**
   * Labels queries {@code from..to-1} that the ledger has not charged yet, in order, each charged
   * and recorded before its answer is released; stops where the budget refuses one.
   */
  Labeller.Outcome label(int[][] votes, int from, int to) {
    return labeller.label(votes, answers, Math.min(Math.max(from, charged), to), to);
  }

  /** The answers of the {@code asked} queries, with the accountant charged for them. */
  Labelling labelling(int asked, Optional<String> stoppedBecause) {
    return new Labelling(answers(asked), accountant, randomness, stoppedBecause);
  }

  @Override
  public void close() {
    ledger.close();
  }
}
