package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.RunConfig;
import java.nio.file.Path;

/**
 * A run's accountant rebuilt from its ledger: the run's own accounting (with the noise it planned,
 * under {@code aggregator.noise: auto}), budget and release of the data-dependent epsilon (from its
 * config.yaml), charged with the ledger's lines in order, checked
 * as a resumed run's ledger is ({@link RunRecord}). Refused if the ledger's header says its
 * charges were made otherwise than the config now charges, since the replay would then state
 * another guarantee than the run had.
 */
public final class LedgerReplay {
  private LedgerReplay() {}

  public static PrivacyAccountant of(Path runFolder, RunConfig config) {
    // Under aggregator.noise: auto the config names no noise: the run charged with the noise it
    // planned from the config alone (plan.json). Planning again is deterministic, and is checked
    // against plan.json as a resumed run's is, so the replay charges exactly as the run did.
    RunNoise noise = RunNoise.of(config);
    noise.checkAgainst(runFolder);
    AggregatorConfig aggregator = noise.aggregator();
    return RunRecord.replay(runFolder, config, aggregator,
        ReleasePlan.of(config, aggregator, RunNoise.classes(config)));
  }
}
