package dev.pate.ledger;

import java.util.List;
import java.util.Objects;

/**
 * A verified ledger, as {@link LedgerReader} read it.
 *
 * @param header what its charges were computed with
 * @param entries its charges, in order
 * @param lastHash the hash to chain the next charge to
 */
public record LedgerContents(LedgerHeader header, List<LedgerEntry> entries, String lastHash) {
  public LedgerContents {
    Objects.requireNonNull(header, "header");
    entries = List.copyOf(entries);
    Objects.requireNonNull(lastHash, "lastHash");
  }
}
