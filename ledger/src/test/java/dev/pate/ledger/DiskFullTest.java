package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up while charges are appended: the write that does not fit stops labelling
 * with one line naming the ledger, its answer is not released, and the ledger stays valid up to
 * its last complete charge (the part of the line that was written is cut off again).
 */
class DiskFullTest {

  @Test
  void aChargeThatDoesNotFitStopsLabellingAndTheLedgerStaysValid(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve(Ledger.FILE);
    int[][] votes = LabellerTest.votes(10, 4);
    PrivacyAccountant accountant = LabellerTest.accountant();
    Answer[] answers = new Answer[votes.length];
    try (LedgerWriter ledger = LedgerWriter.create(file, accountant)) {
      new Labeller(Aggregators.lnmax(LabellerTest.GAMMA), accountant, ledger,
          RandomSources.seeded(3)).label(votes, answers, 0, 3);
    }
    LedgerContents before = LedgerReader.read(file);
    long lineBytes = Files.size(file) / 4; // a header and three charges of about one size

    // Room for two more charges and half a third.
    FileChannel full = new DiskFull(FileChannel.open(file, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND), 5 * lineBytes / 2);
    LedgerWriter ledger = new LedgerWriter(file, full, before.lastHash(), before.entries().size());
    Labeller labeller = new Labeller(Aggregators.lnmax(LabellerTest.GAMMA), accountant, ledger,
        RandomSources.seeded(4));
    UserError e = assertThrows(UserError.class,
        () -> labeller.label(votes, answers, 3, votes.length));
    ledger.close();

    assertEquals("cannot append to " + file + " (No space left on device); the ledger is kept"
        + " up to its last complete line (6)", e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    for (int q = 0; q < 5; q++) {
      assertNotNull(answers[q], "query " + q + " was answered and charged");
    }
    assertNull(answers[5], "the answer whose charge did not fit was not released");
    LedgerContents after = LedgerReader.read(file);
    assertEquals(5, after.entries().size());
    assertEquals(before.entries().stream().map(LedgerEntry::hash).toList(),
        after.entries().subList(0, 3).stream().map(LedgerEntry::hash).toList());
    assertTrue(Files.readString(file).endsWith("\n"));
  }

  /** A channel onto a disk with {@code room} bytes left: a write past it fails, part written. */
  private static final class DiskFull extends FileChannel {
    private final FileChannel disk;
    private long room;

    DiskFull(FileChannel disk, long room) {
      this.disk = disk;
      this.room = room;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      if (room <= 0) {
        throw new IOException("No space left on device");
      }
      ByteBuffer part = src.slice();
      part.limit((int) Math.min(part.remaining(), room));
      int written = disk.write(part);
      src.position(src.position() + written);
      room -= written;
      return written;
    }

    @Override
    public long size() throws IOException {
      return disk.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
      disk.truncate(size);
      return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
      disk.force(metaData);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      disk.close();
    }

    @Override
    public int read(ByteBuffer dst) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long position() throws IOException {
      return disk.position();
    }

    @Override
    public FileChannel position(long newPosition) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) {
      throw new UnsupportedOperationException();
    }

    @Override
    public int read(ByteBuffer dst, long position) {
      throw new UnsupportedOperationException();
    }

    @Override
    public int write(ByteBuffer src, long position) {
      throw new UnsupportedOperationException();
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) {
      throw new UnsupportedOperationException();
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) {
      throw new UnsupportedOperationException();
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) {
      throw new UnsupportedOperationException();
    }
  }
}
