package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.config.RunConfig;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerEntry;
import dev.pate.pipeline.UserError;
import java.nio.file.Path;

/**
 * A run's accountant rebuilt from its ledger: the run's own accounting and budget (from its
 * config.yaml), charged with the ledger's charges in order. Refused if the ledger's header says its
 * charges were made otherwise than the config now charges, since the replay would then state
 * another guarantee than the run had.
 */
public final class LedgerReplay {
  private LedgerReplay() {}

  public static PrivacyAccountant of(Path runFolder, RunConfig config) {
    Path file = runFolder.resolve(Ledger.FILE);
    Ledger.Contents contents = Ledger.read(file);
    PrivacyAccountant accountant = Mechanisms.of(config.aggregator(), config.privacy())
        .accountant(config.aggregator(), config.privacy());
    contents.header().differenceFrom(accountant).ifPresent(difference -> {
      throw new UserError(file + " line 1: " + difference + " (config.yaml of the same folder)");
    });
    for (LedgerEntry e : contents.entries()) {
      accountant.add(new QueryCharge(e.answered(), e.spentRdp(), e.dataDependentRdp()));
    }
    return accountant;
  }
}
