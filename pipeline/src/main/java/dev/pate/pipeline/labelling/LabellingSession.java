package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.gnmax.GaussianSampler;
import dev.pate.aggregator.gnmax.RunRelease;
import dev.pate.aggregator.gnmax.SmoothSensitivityRelease;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ledger.Labeller;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerEntry;
import dev.pate.pipeline.PipelineListener;
import dev.pate.pipeline.UserError;
import dev.pate.pipeline.report.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The privacy side of a run's labelling, opened once for all its query rounds: the accountant, the
 * budget, the noise source, the ledger, and the answers. A new run starts a new ledger; a resumed
 * run verifies the folder's ledger, re-adds its charges to the accountant and restores their
 * answers, so labelling continues after the last charge.
 */
final class LabellingSession implements AutoCloseable {
  private final Labeller labeller;
  private final Ledger ledger;
  private final PrivacyAccountant accountant;
  private final NoiseSource randomness;
  private final Answer[] answers;
  private final int charged;
  private final Optional<ReleasePlan> release;
  private Optional<Map<String, Object>> released;
  private final RunConfig config;

  private LabellingSession(Labeller labeller, Ledger ledger, PrivacyAccountant accountant,
      NoiseSource randomness, Answer[] answers, int charged, Optional<ReleasePlan> release,
      Optional<Map<String, Object>> released, RunConfig config) {
    this.labeller = labeller;
    this.ledger = ledger;
    this.accountant = accountant;
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
   * @param release the release of the data-dependent epsilon the run makes after labelling, if
   *     any: its cost is reserved by the accountant from the start
   */
  static LabellingSession open(RunFolder folder, RunConfig config, AggregatorConfig aggregator,
      int queries, Optional<ReleasePlan> release, PipelineListener listener) {
    Mechanisms mechanisms = Mechanisms.of(aggregator, config.privacy());
    PrivacyAccountant accountant = mechanisms.accountant(aggregator, config.privacy(), release);
    Optional<Map<String, Object>> releaseParameters = release.map(ReleasePlan::describe);
    Map<String, Object> released = null;
    Answer[] answers = new Answer[queries];
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    int charged = 0;
    Ledger ledger;
    requireLedgerIfLabelled(folder, ledgerFile);
    if (Files.exists(ledgerFile)) {
      int torn = Ledger.dropTornLastLine(ledgerFile);
      if (torn > 0) {
        listener.message("dropped a charge cut short by the interruption (" + torn
            + " bytes); its answer was never released");
      }
      Ledger.Contents contents = Ledger.read(ledgerFile);
      contents.header().differenceFrom(accountant, releaseParameters).ifPresent(difference -> {
        throw new UserError(ledgerFile + " line 1: " + difference + "; a run cannot change how"
            + " it charges mid-ledger (restore config.yaml, or start a new run)");
      });
      for (LedgerEntry e : contents.entries()) {
        int line = charged + (released == null ? 2 : 3);
        if (released != null) {
          throw new UserError(ledgerFile + " line " + line + ": a charge after the release of"
              + " the data-dependent epsilon, which is the run's last");
        }
        if (e.chargesRelease()) {
          // The release was charged, so it was (or may have been) published: publish it again.
          accountant.chargeReserved();
          released = e.release();
          continue;
        }
        // Queries are charged in query order, one charge each: charge k is for query k.
        if (e.query() != charged || charged >= queries) {
          throw new UserError(ledgerFile + " line " + (charged + 2) + ": charges query "
              + e.query() + " where query " + charged + " of " + queries + " was expected");
        }
        accountant.add(new QueryCharge(e.answered(), e.spentRdp(), e.dataDependentRdp()));
        answers[charged++] = e.answered() ? Answer.of(e.label()) : Answer.abstained();
      }
      ledger = Ledger.resume(ledgerFile, contents);
      listener.message("resuming labelling after " + charged + " charges in " + ledgerFile);
    } else {
      ledger = Ledger.create(ledgerFile, accountant, releaseParameters);
    }
    NoiseSource randomness = switch (aggregator.randomness()) {
      case SECURE -> RandomSources.secure();
      case SEEDED -> RandomSources.seeded(Seeds.derive(config.seed(), "noise", charged));
    };
    Labeller labeller = new Labeller(mechanisms.aggregator(), accountant, ledger, randomness);
    return new LabellingSession(labeller, ledger, accountant, randomness, answers, charged,
        release, Optional.ofNullable(released), config);
  }

  /**
   * A ledger is created before the first query is recorded in votes.csv, so a folder with votes
   * and no ledger lost its ledger: starting a new one would forget the charges of answers already
   * released.
   */
  private static void requireLedgerIfLabelled(RunFolder folder, Path ledgerFile) {
    if (Files.exists(ledgerFile)) {
      return;
    }
    for (String file : new String[] {"votes.csv", "labels.csv"}) {
      if (Files.exists(folder.path().resolve(file))) {
        throw new UserError(ledgerFile + ": missing, but " + file + " exists, so queries may"
            + " have been answered; their charges cannot be recovered and the run cannot be"
            + " resumed (restore the ledger, or start a new run)");
      }
    }
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
    return new Labelling(answers(asked), accountant, randomness, stoppedBecause, published);
  }

  private Map<String, Object> release(ReleasePlan plan, int[][] votes, int asked) {
    RunRelease release = new RunRelease(accountant.accounting(), config.teachers().count(),
        votes.length == 0 ? 2 : votes[0].length, plan.parameters());
    for (int q = 0; q < asked; q++) {
      release.add(Arrays.stream(votes[q]).asDoubleStream().toArray(), answers[q].answered());
    }
    GaussianSampler noise = switch (config.aggregator().randomness()) {
      case SECURE -> GaussianSampler.secure();
      case SEEDED -> seeded(Seeds.derive(config.seed(), "release", 0));
    };
    SmoothSensitivityRelease.Release r = release.release(config.privacy().delta(),
        Mechanisms.conversion(config.privacy()), noise);
    Map<String, Object> published = new LinkedHashMap<>();
    published.put("status", "released");
    published.put("mechanism", "smooth sensitivity (PATE 2018 Sec. 4.2, Theorem 23)");
    published.putAll(plan.describe());
    published.put("release_rdp", r.releaseRdp());
    published.put("rdp_released", r.rdpReleased());
    published.put("epsilon_released", r.epsilonReleased());
    published.put("delta", r.delta());
    published.put("conversion", r.conversion().id());
    published.put("note", "a private, noisy estimate of the data-dependent epsilon at this order,"
        + " its own cost included: not a certain upper bound; the release's cost is also in the"
        + " data-independent guarantee");
    ledger.appendRelease(plan.reserve(), published);
    accountant.chargeReserved();
    released = Optional.of(published);
    return published;
  }

  private static GaussianSampler seeded(long seed) {
    NoiseSource source = RandomSources.seeded(seed);
    return sigma -> new DiscreteGaussian(sigma).sample(source);
  }

  @Override
  public void close() {
    ledger.close();
  }
}
