package dev.pate.datasets.idx;

import dev.pate.files.UserError;
import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The IDX reader on any bytes and on mutations of valid image and label files, gzipped or not:
 * every input gives images or labels, or a one-line {@link UserError}, in bounded time, and
 * allocates no more than the bytes the file holds (or inflates to) justify. A header promising
 * 10^9 images in a file of a hundred bytes must be refused before anything is allocated for them.
 */
@AddLifecycleHook(FuzzBudget.class)
class IdxReaderFuzzTest {
  /** Labels become an int each (4 bytes per label byte), beside the raw bytes. */
  private static final int PER_BYTE = 16;

  @Property
  void images(@ForAll("imageFiles") byte[] bytes) {
    Path file = FuzzFiles.write("images", bytes);
    ReaderTry.of(justified(bytes), PER_BYTE, UserError.class)
        .run(() -> IdxReader.readImages(file));
  }

  @Property
  void labels(@ForAll("labelFiles") byte[] bytes) {
    Path file = FuzzFiles.write("labels", bytes);
    ReaderTry.of(justified(bytes), PER_BYTE, UserError.class)
        .run(() -> IdxReader.readLabels(file, 10));
  }

  @Provide
  Arbitrary<byte[]> imageFiles() {
    byte[] raw = idx(IdxReader.IMAGES_MAGIC, new int[] {3, 4, 4}, 48);
    return files(raw);
  }

  @Provide
  Arbitrary<byte[]> labelFiles() {
    byte[] raw = idx(IdxReader.LABELS_MAGIC, new int[] {6}, 6);
    return files(raw);
  }

  /** Random bytes, and mutations of the file as it is and gzipped (header and payload). */
  private static Arbitrary<byte[]> files(byte[] raw) {
    List<byte[]> tokens = List.of(new byte[] {0, 0, 8, 3}, new byte[] {0, 0, 8, 1},
        new byte[] {0x1f, (byte) 0x8b}, new byte[] {(byte) 0xff});
    return Arbitraries.oneOf(Mutations.anyBytes(256), Mutations.of(raw, tokens),
        Mutations.of(gzip(raw), tokens), Mutations.of(raw, tokens).map(IdxReaderFuzzTest::gzip));
  }

  /** An IDX file: magic, sizes, then {@code payload} bytes 0, 1, 2, ... (below 10: labels). */
  private static byte[] idx(int magic, int[] sizes, int payload) {
    ByteBuffer b = ByteBuffer.allocate(4 + 4 * sizes.length + payload);
    b.putInt(magic);
    for (int s : sizes) {
      b.putInt(s);
    }
    for (int i = 0; i < payload; i++) {
      b.put((byte) (i % 10));
    }
    return b.array();
  }

  private static byte[] gzip(byte[] content) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** What a file can stand for: its length, or what its gzip stream inflates to if more. */
  private static long justified(byte[] bytes) {
    long inflated = 0;
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      byte[] sink = new byte[8192];
      for (int n; (n = in.read(sink)) >= 0 && inflated < (64 << 20); ) {
        inflated += n;
      }
    } catch (IOException e) {
      // not gzip, or cut short: what inflated so far counts
    }
    return Math.max(bytes.length, inflated);
  }
}
