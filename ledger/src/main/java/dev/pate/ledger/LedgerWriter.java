package dev.pate.ledger;

import dev.pate.files.UserError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Appends a run's charges to its {@link Ledger}. Every append is forced to disk before {@link
 * #append} returns, so a crash can lose at most a charge whose answer was never released; {@link
 * #dropTornLastLine} cuts such a charge from the file before a run resumes.
 */
public final class LedgerWriter implements AutoCloseable {
  private final ChainedFile lines;
  private String lastHash;
  private long sequence;

  /**
   * Package-private so that a test can write through a channel that fails like a full disk.
   *
   * @param channel open for appending, positioned after the last complete line
   */
  LedgerWriter(Path file, FileChannel channel, String lastHash, long sequence) throws IOException {
    this(new ChainedFile(file, channel), lastHash, sequence);
  }

  private LedgerWriter(ChainedFile lines, String lastHash, long sequence) {
    this.lines = lines;
    this.lastHash = lastHash;
    this.sequence = sequence;
  }

  /**
   * Starts a new ledger (the file must not exist yet) whose header records what every charge will
   * be computed with: the mechanism, its noise kind and parameters, and the orders; and what the
   * guarantee rests on: the most queries and the budget. The folder is forced to disk too, so that
   * the ledger's name survives a crash as surely as its lines. The file is owner-only ({@link
   * dev.pate.files.FileModes}): its data-dependent charges are functions of the private votes.
   */
  public static LedgerWriter create(Path file, PrivacyAccountant accountant) {
    return create(file, accountant, Optional.empty());
  }

  /**
   * As {@link #create(Path, PrivacyAccountant)}, for a run that will also release its
   * data-dependent epsilon with these parameters (the header records them: a resumed run must
   * release as it was to).
   */
  public static LedgerWriter create(Path file, PrivacyAccountant accountant,
      Optional<Map<String, Object>> release) {
    return create(file, RunAccountant.of(accountant), release);
  }

  /**
   * As {@link #create(Path, PrivacyAccountant, Optional)} for any run's accountant: with privacy
   * groups, the header records them too.
   */
  public static LedgerWriter create(Path file, RunAccountant accountant,
      Optional<Map<String, Object>> release) {
    ObjectNode header = ChainedFile.signed(
        LedgerHeader.of(accountant, release).toJson(Ledger.VERSION));
    try {
      ChainedFile chained = ChainedFile.create(file);
      try {
        chained.write(Ledger.MAPPER.writeValueAsString(header), 1);
        chained.forceFolder();
      } catch (UserError e) {
        // No charge was made: remove the headless file rather than leave one no run can resume.
        chained.discard();
        throw e;
      }
      return new LedgerWriter(chained, header.get("hash").asText(), 0);
    } catch (IOException e) {
      throw new UserError("cannot create " + file + ": " + e.getMessage(), e);
    }
  }

  /** Reopens an existing, verified ledger to append after its last charge. */
  public static LedgerWriter resume(Path file, LedgerContents contents) {
    return new LedgerWriter(ChainedFile.append(file), contents.lastHash(),
        contents.entries().size());
  }

  /** Appends one query's charge and forces it to disk. */
  public LedgerEntry append(int query, boolean answered, int label, double[] spentRdp,
      double[] dataDependentRdp) {
    return append(query, answered, label, spentRdp, dataDependentRdp, null, null);
  }

  /**
   * Appends one query's charge, with its privacy groups' data-dependent charges if the run has
   * groups, and forces it to disk.
   */
  public LedgerEntry append(int query, boolean answered, int label, LedgerCharge charge) {
    Map<String, double[]> groups = charge.groupDataDependentRdp();
    return append(query, answered, label, charge.base().spentRdp(),
        charge.base().dataDependentRdp(), null, groups.isEmpty() ? null : groups);
  }

  /**
   * Appends the charge of the release of the data-dependent epsilon, with the values it
   * publishes, and forces it to disk: before they are published, as for an answer.
   */
  public LedgerEntry appendRelease(double[] rdp, Map<String, Object> published) {
    return append(LedgerEntry.RELEASE, false, -1, rdp, rdp, Objects.requireNonNull(published),
        null);
  }

  private LedgerEntry append(int query, boolean answered, int label, double[] spentRdp,
      double[] dataDependentRdp, Map<String, Object> release, Map<String, double[]> groups) {
    LedgerEntry unsigned = new LedgerEntry(sequence + 1, query, answered, label,
        spentRdp, dataDependentRdp, lastHash, null, release, groups);
    try {
      String hash = Ledger.hashOf(unsigned);
      LedgerEntry entry = new LedgerEntry(unsigned.sequence(), query, answered, label,
          spentRdp, dataDependentRdp, lastHash, hash, release, groups);
      lines.write(Ledger.MAPPER.writeValueAsString(entry), sequence + 1);
      lastHash = hash;
      sequence++;
      return entry;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a ledger entry", e);
    }
  }

  @Override
  public void close() {
    lines.close();
  }

  /**
   * Cuts a final line that a crash left without its end of line, and returns how many bytes were
   * cut (0 if none). Safe: a charge is forced to disk before its answer is released, so the answer
   * of a torn charge was never released and it cost nothing.
   */
  public static int dropTornLastLine(Path file) {
    return ChainedFile.dropTornLastLine(file);
  }
}
