package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.config.RunConfig;
import java.nio.file.Path;

/**
 * A run's accountant rebuilt from its ledger: the run's own accounting, budget and release of the
 * data-dependent epsilon (from its config.yaml), charged with the ledger's lines in order, checked
 * as a resumed run's ledger is ({@link RunRecord}). Refused if the ledger's header says its
 * charges were made otherwise than the config now charges, since the replay would then state
 * another guarantee than the run had.
 */
public final class LedgerReplay {
  private LedgerReplay() {}

  public static PrivacyAccountant of(Path runFolder, RunConfig config) {
    return RunRecord.replay(runFolder, config, config.aggregator(),
        ReleasePlan.of(config, config.aggregator(), RunNoise.classes(config)));
  }
}
