package dev.pate.ledger;

import dev.pate.files.UserError;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.pate.files.OneLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and verifies a {@link Ledger}: its header, then every charge, checking the hash chain. A
 * line cut short (no final newline, or not JSON), a line whose hash does not match its content, a
 * broken chain, or a line whose hashes hold but whose content is not a ledger's (the hashes are not
 * keyed: anyone can sign a line) is a one-line {@link UserError} naming the line.
 */
public final class LedgerReader {
  private LedgerReader() {}

  /** Reads and verifies every line of a ledger, the last one included. */
  public static LedgerContents read(Path file) {
    return verify(file, ChainedFile.lines(file, "the run stopped while writing this charge; its"
        + " answer was never released"));
  }

  /**
   * Reads and verifies the complete lines of a ledger, as {@link #read} does, leaving out a last
   * line a crash cut short (no end of line): its answer was never released, so it cost nothing.
   * Reads only; {@link LedgerWriter#dropTornLastLine} cuts such a line from the file.
   */
  public static LedgerContents readComplete(Path file) {
    String text = ChainedFile.text(file);
    return verify(file, text.substring(0, text.lastIndexOf('\n') + 1).lines().toList());
  }

  private static LedgerContents verify(Path file, List<String> lines) {
    if (lines.isEmpty()) {
      throw new UserError(file + ": empty, expected a header line");
    }
    int line = 1;
    try {
      LedgerHeader parsed = LedgerHeader.parse(file, lines.get(0));
      String headerHash = Ledger.MAPPER.readTree(lines.get(0)).path("hash").asText();
      int orders = parsed.orders().size();
      List<LedgerEntry> entries = new ArrayList<>();
      String previous = headerHash;
      for (int i = 1; i < lines.size(); i++) {
        line = i + 1;
        LedgerEntry e = Ledger.MAPPER.readValue(lines.get(i), LedgerEntry.class);
        String where = file + " line " + line + ": ";
        if (e == null || !previous.equals(e.previous()) || e.sequence() != i) {
          throw new UserError(where + "does not follow line " + i
              + " (a charge was removed, reordered or inserted)");
        }
        if (e.hash() == null || !e.hash().equals(Ledger.hashOf(e))) {
          throw new UserError(where + "hash does not match its content (tampered)");
        }
        if (e.spentRdp() == null || e.dataDependentRdp() == null
            || e.spentRdp().length != orders || e.dataDependentRdp().length != orders) {
          throw new UserError(where + "does not have one value per order for each of its "
              + orders + " orders");
        }
        boolean release = e.chargesRelease() && e.query() == LedgerEntry.RELEASE;
        if (!validCosts(e.spentRdp(), release) || !validCosts(e.dataDependentRdp(), release)) {
          throw new UserError(where + (release
              ? "a release's charge that is not a cost >= 0 (or +Infinity, no bound at an order)"
              : "a charge that is not a finite cost >= 0"));
        }
        if ((e.query() < 0 && !release) || (e.chargesRelease() && !release)
            || e.answered() && e.label() < 0) {
          throw new UserError(where + "query " + e.query() + (e.answered() ? " answered"
              + " with label " + e.label() : "") + " is not a charge a run makes");
        }
        checkGroupCharges(where, e, parsed, release);
        entries.add(e);
        previous = e.hash();
      }
      return new LedgerContents(parsed, entries, previous);
    } catch (JsonProcessingException e) {
      throw new UserError(file + " line " + line + ": not a pate ledger line: "
          + OneLine.of(e.getOriginalMessage()));
    }
  }

  /**
   * A query's line in a ledger with privacy groups has one data-dependent charge per group the
   * header names (one valid cost per order each); no other line has any.
   */
  private static void checkGroupCharges(String where, LedgerEntry e, LedgerHeader header,
      boolean release) {
    java.util.Map<String, double[]> charges = e.groupDataDependentRdp();
    if (header.groups().isEmpty() || release) {
      if (charges != null) {
        throw new UserError(where + "charges privacy groups " + charges.keySet() + ", but "
            + (release ? "a release charges none" : "the header declares none"));
      }
      return;
    }
    List<String> names = header.groups().get().names();
    if (charges == null || !new java.util.HashSet<>(names).equals(charges.keySet())) {
      throw new UserError(where + "expected a data-dependent charge for each privacy group "
          + names + ", found " + (charges == null ? "none" : charges.keySet()));
    }
    for (var charge : charges.entrySet()) {
      double[] rdp = charge.getValue();
      if (rdp == null || rdp.length != header.orders().size() || !validCosts(rdp, false)) {
        throw new UserError(where + "group " + charge.getKey() + "'s charge is not a finite"
            + " cost >= 0 at each of the " + header.orders().size() + " orders");
      }
    }
  }

  /**
   * Costs are RDP values, so {@code >= 0}; every query's charge is finite at every order, but a
   * release by smooth sensitivity has no bound at orders {@code >= 1/(1 - e^{-2 beta})}, recorded as
   * +Infinity (that order is then unusable, as in {@code RdpLedger}).
   */
  private static boolean validCosts(double[] costs, boolean mayBeInfinite) {
    for (double c : costs) {
      if (!(c >= 0) || (!mayBeInfinite && c == Double.POSITIVE_INFINITY)) {
        return false;
      }
    }
    return true;
  }
}
