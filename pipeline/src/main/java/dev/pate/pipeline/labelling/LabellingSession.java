package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.release.GaussianSampler;
import dev.pate.aggregator.release.RunRelease;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ledger.Labeller;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.GroupRunAccountant;
import dev.pate.ledger.LedgerWriter;
import dev.pate.ledger.RunAccountant;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.output.RunFolder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * The privacy side of a run's labelling, opened once for all its query rounds: the accountant, the
 * budget, the noise source, the ledger, and the answers; and, where the run makes one, the
 * release of its data-dependent epsilon after the last query. A new run starts a new ledger; a
 * resumed run re-adds the charges of its ledger (verified before the run began, see {@link
 * RunRecord}) to the accountant and restores their answers, so labelling continues after the last
 * charge.
 */
final class LabellingSession implements AutoCloseable {
  private final Labeller labeller;
  private final LedgerWriter ledger;
  private final PrivacyAccountant accountant;
  private final RunAccountant charging;
  private final NoiseSource randomness;
  private final Answer[] answers;
  private final int charged;
  private final Optional<ReleasePlan> release;
  private Optional<Map<String, Object>> released;
  private final RunConfig config;

  private LabellingSession(Labeller labeller, LedgerWriter ledger, PrivacyAccountant accountant,
      RunAccountant charging, NoiseSource randomness, Answer[] answers, int charged,
      Optional<ReleasePlan> release, Optional<Map<String, Object>> released, RunConfig config) {
    this.labeller = labeller;
    this.ledger = ledger;
    this.accountant = accountant;
    this.charging = charging;
    this.randomness = randomness;
    this.answers = answers;
    this.charged = charged;
    this.release = release;
    this.released = released;
    this.config = config;
  }

  /**
   * @param aggregator the run's aggregator with the noise labelling uses (given or planned)
   * @param queries the most queries the run may ask
   * @param record what the run recorded before, verified before anything expensive ran
   * @param release the release of the data-dependent epsilon the run makes after labelling, if
   *     any: its cost is reserved by the accountant from the start
   */
  static LabellingSession open(RunFolder folder, RunConfig config, AggregatorConfig aggregator,
      int queries, RunRecord record, Optional<ReleasePlan> release, PipelineListener listener) {
    Mechanisms mechanisms = Mechanisms.of(aggregator, config.privacy());
    PrivacyAccountant accountant = mechanisms.accountant(aggregator, config.privacy(), release);
    RunAccountant charging = mechanisms.charging(config, aggregator, accountant);
    Answer[] answers = new Answer[queries];
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    Optional<Map<String, Object>> released = record.replayInto(charging, answers,
        release.map(ReleasePlan::describe));
    int charged = record.charged();
    LedgerWriter ledger;
    if (record.ledger().isPresent()) {
      int torn = LedgerWriter.dropTornLastLine(ledgerFile);
      if (torn > 0) {
        listener.message("dropped a charge cut short by the interruption (" + torn
            + " bytes); its answer was never released");
      }
      ledger = LedgerWriter.resume(ledgerFile, record.ledger().get());
      listener.message("resuming labelling after " + charged + " charges in " + ledgerFile);
    } else {
      ledger = LedgerWriter.create(ledgerFile, charging, release.map(ReleasePlan::describe));
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
    Labeller labeller = new Labeller(mechanisms.aggregator(), charging, ledger, noiseOf);
    return new LabellingSession(labeller, ledger, accountant, charging, randomness, answers,
        charged, release, released, config);
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

  /**
   * The answers of the {@code asked} queries, with the accountant charged for them, and the
   * release of the data-dependent epsilon if the run makes one: drawn once from the votes and
   * answers of all the asked queries, charged to the ledger, then published (a resumed run
   * publishes what its ledger records instead of drawing again).
   */
  Labelling labelling(int asked, Optional<String> stoppedBecause, int[][] votes) {
    Optional<Map<String, Object>> published = released;
    if (release.isPresent() && published.isEmpty()) {
      published = Optional.of(release(release.get(), votes, asked));
    }
    return new Labelling(answers(asked), Mechanisms.stated(charging, accountant), randomness,
        stoppedBecause, published, charging instanceof GroupRunAccountant g
            ? Optional.of(g.groupAccountant()) : Optional.empty());
  }

  private Map<String, Object> release(ReleasePlan plan, int[][] votes, int asked) {
    RunRelease release = new RunRelease(accountant.accounting(), config.teachers().count(),
        plan.classes(), plan.parameters());
    for (int q = 0; q < asked; q++) {
      release.add(Arrays.stream(votes[q]).asDoubleStream().toArray(), answers[q].answered());
    }
    GaussianSampler noise = switch (config.aggregator().randomness()) {
      case SECURE -> GaussianSampler.secure();
      case SEEDED -> GaussianSampler.of(RandomSources.seeded(
          Seeds.derive(config.seed(), "release", 0)));
    };
    SmoothSensitivityRelease.Release r = release.release(config.privacy().delta(),
        Mechanisms.conversion(config.privacy()), noise);
    Map<String, Object> published = new LinkedHashMap<>();
    published.put("status", "released");
    published.put("mechanism", "smooth sensitivity (PATE 2018 Sec. 4.2)");
    published.putAll(plan.describe());
    published.put("release_rdp", r.releaseRdp());
    published.put("rdp_released", r.rdpReleased());
    published.put("epsilon_released", r.epsilonReleased());
    published.put("delta", r.delta());
    published.put("conversion", r.conversion().id());
    published.put("note", "a private, noisy estimate of the data-dependent epsilon at this order,"
        + " its own cost included (its exact Renyi divergence, not PATE 2018's Theorem 23, which"
        + " under-states it): not a certain upper bound; the release's cost is also in the"
        + " data-independent guarantee");
    // Charged and forced to disk before it is published, as every answer is.
    ledger.appendRelease(plan.reserve(), published);
    accountant.chargeReserved();
    released = Optional.of(published);
    return published;
  }

  @Override
  public void close() {
    ledger.close();
  }
}
