package dev.pate.ledger;

import dev.pate.files.UserError;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.Sha256;
import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The ledger reader on any bytes and on mutations of a real ledger (a header and three charges):
 * every input is read as a verified ledger or refused with a one-line {@link UserError}
 * naming the file (and line), in bounded time and allocation. A mutation that keeps every hash
 * valid is all but impossible, so nearly all are refused; none may crash the reader.
 */
@AddLifecycleHook(FuzzBudget.class)
class LedgerFuzzTest {
  /** Jackson's tree of a line: tens of bytes per input byte at most. */
  private static final int PER_BYTE = 256;

  private static byte[] valid;

  @BeforeContainer
  static void writeALedger() throws IOException {
    Orders orders = Orders.of(2, 4, 8, 32);
    PrivacyAccountant accountant = new PrivacyAccountant(
        new LnmaxAccounting(0.1, orders, NoiseKind.DISCRETE),
        Optional.of(new Budget(5.0, 1e-5, Conversion.IMPROVED, orders)), 10);
    Path file = FuzzFiles.folder().resolve("valid.jsonl");
    try (LedgerWriter ledger = LedgerWriter.create(file, accountant)) {
      ledger.append(0, true, 3, new double[] {0.02, 0.04, 0.08, 0.2}, new double[] {0, 0, 0, 0});
      ledger.append(1, false, -1, new double[] {0.02, 0.04, 0.08, 0.2},
          new double[] {1e-3, 2e-3, 4e-3, 1e-2});
      ledger.append(2, true, 9, new double[] {0.02, 0.04, 0.08, 0.2},
          new double[] {1e-3, 2e-3, 4e-3, 1e-2});
    }
    valid = Files.readAllBytes(file);
    LedgerReader.read(file); // the seed itself is valid
  }

  @Property
  void read(@ForAll("ledgers") byte[] bytes) {
    Path file = write(bytes);
    ReaderTry.of(bytes.length, PER_BYTE, UserError.class).run(() -> LedgerReader.read(file));
  }

  /**
   * Mutations signed again, as anyone can sign a line (the hashes are not keyed): a header or a
   * charge with valid hashes but strange content (no orders, a string for a count, a charge of
   * another length) must be refused as clearly as a tampered one.
   */
  @Property
  void readSigned(@ForAll("ledgers") byte[] bytes) {
    byte[] signed = sign(bytes);
    Path file = write(signed);
    ReaderTry.of(signed.length, PER_BYTE, UserError.class).run(() -> LedgerReader.read(file));
  }

  /** Each line that parses signed again (a header by its JSON, a charge as an entry), chained. */
  private static byte[] sign(byte[] bytes) {
    String[] lines = new String(bytes, java.nio.charset.StandardCharsets.UTF_8).split("\n", -1);
    String previous = null;
    for (int i = 0; i < lines.length; i++) {
      try {
        if (i == 0) {
          var node = Ledger.MAPPER.readTree(lines[0]);
          if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode header) {
            header.remove("hash");
            previous = Sha256.of(Ledger.MAPPER.writeValueAsString(header));
            header.put("hash", previous);
            lines[0] = Ledger.MAPPER.writeValueAsString(header);
          }
        } else if (!lines[i].isEmpty()) {
          LedgerEntry e = Ledger.MAPPER.readValue(lines[i], LedgerEntry.class);
          LedgerEntry chained = new LedgerEntry(e.sequence(), e.query(), e.answered(), e.label(),
              e.spentRdp(), e.dataDependentRdp(), previous, null, e.release());
          previous = Sha256.of(Ledger.withoutHash(chained));
          lines[i] = Ledger.MAPPER.writeValueAsString(new LedgerEntry(e.sequence(), e.query(),
              e.answered(), e.label(), e.spentRdp(), e.dataDependentRdp(), chained.previous(),
              previous, e.release()));
        }
      } catch (IOException | RuntimeException notJson) {
        // left as it is: the reader must refuse it
      }
    }
    return String.join("\n", lines).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<byte[]> ledgers() {
    List<byte[]> tokens = List.of("\n", "{", "}", "[", "]", ",", ":", "\"", "null", "-1",
        "1e400", "NaN", "\"hash\":", "\"orders\":[]", "\"orders\":[1]", "\"orders\":null",
        "\"max_queries\":\"x\"", "\"budget\":7", "\"parameters\":[1]", "\"sequence\":1",
        "\"spent_rdp\":null", "[[[[[[[[[[", "\"query\":2147483648", "\uFEFF")
        .stream().map(t -> t.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toList();
    return Arbitraries.oneOf(Mutations.anyBytes(256), Mutations.of(valid, tokens));
  }

  private static Path write(byte[] bytes) {
    return FuzzFiles.write(Ledger.FILE, bytes);
  }
}
