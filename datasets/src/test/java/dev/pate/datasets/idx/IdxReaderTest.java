package dev.pate.datasets.idx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.SharedData;
import dev.pate.files.UserError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdxReaderTest {
  @TempDir Path dir;

  private static byte[] header(int... words) {
    ByteBuffer buffer = ByteBuffer.allocate(4 * words.length);
    for (int w : words) {
      buffer.putInt(w);
    }
    return buffer.array();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static byte[] gzip(byte[] content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(content);
    }
    return bytes.toByteArray();
  }

  private Path write(String name, byte[] raw) throws IOException {
    return Files.write(dir.resolve(name), raw);
  }

  private Path gzFile(String name, byte[] content) throws IOException {
    return write(name, gzip(content));
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @Test
  void readsImagesAsUnsignedBytes() throws IOException {
    byte[] pixels = bytes(0, 1, 2, 255, 128, 7, 8, 9);
    Path file = gzFile("img.gz", concat(header(2051, 2, 2, 2), pixels));

    IdxImages images = IdxReader.readImages(file);

    assertEquals(2, images.count());
    assertEquals(2, images.rows());
    assertEquals(2, images.cols());
    assertArrayEquals(pixels, images.pixels());
  }

  @Test
  void readsLabels() throws IOException {
    Path file = gzFile("lab.gz", concat(header(2049, 3), bytes(9, 0, 4)));
    assertArrayEquals(new int[] {9, 0, 4}, IdxReader.readLabels(file, 10).labels());
  }

  @Test
  void labelFileAsImagesIsABadMagicNumber() throws IOException {
    Path file = gzFile("lab.gz", concat(header(2049, 3), bytes(1, 2, 3)));

    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));

    assertEquals(
        file
            + ": bad magic number 0x00000801 (2049), expected 0x00000803 (2051) for IDX images;"
            + " this looks like a label file",
        e.getMessage());
  }

  @Test
  void truncatedPayloadReportsExpectedAndActualBytes() throws IOException {
    Path file = gzFile("short.gz", concat(header(2051, 3, 2, 2), new byte[10]));

    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));

    assertEquals(
        file
            + ": truncated: the header promises 3 images of 2x2 (12 bytes after the header),"
            + " but the data ends after 10 bytes",
        e.getMessage());
  }

  @Test
  void cutOffGzipStreamIsReportedAsTruncated() throws IOException {
    byte[] noise = new byte[5000];
    new Random(1).nextBytes(noise); // incompressible, so half the gzip file is half the data
    byte[] compressed = gzip(concat(header(2051, 5, 20, 50), noise));
    Path file = write("cut.gz", Arrays.copyOf(compressed, compressed.length / 2));

    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));

    assertTrue(
        e.getMessage().startsWith(file + ": truncated: the header promises 5 images"),
        e.getMessage());
    assertTrue(e.getMessage().contains("(5000 bytes after the header)"), e.getMessage());
  }

  @Test
  void trailingBytesAreAnError() throws IOException {
    Path file = gzFile("long.gz", concat(header(2049, 2), bytes(1, 2, 3, 4, 5)));

    UserError e = assertThrows(UserError.class, () -> IdxReader.readLabels(file, 10));

    assertEquals(
        file
            + ": 3 unexpected bytes after the 2 bytes of 2 labels promised by the header,"
            + " expected the end of the file",
        e.getMessage());
  }

  @Test
  void truncatedHeader() throws IOException {
    Path file = gzFile("hdr.gz", bytes(0, 0, 8, 3, 0, 0, 0));
    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));
    assertEquals(file + ": truncated IDX header: expected 16 bytes, got 7", e.getMessage());
  }

  @Test
  void plainIdxIsReadAsItIsAndBrokenGzipIsNamed() throws IOException {
    Path plain = write("plain", concat(header(2049, 2), bytes(1, 7)));
    assertArrayEquals(new int[] {1, 7}, IdxReader.readLabels(plain, 10).labels());
    // The gzip magic bytes, then garbage: a gzip file that is broken, said so.
    Path broken = write("broken.gz", bytes(0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    UserError e = assertThrows(UserError.class, () -> IdxReader.readLabels(broken, 10));
    assertTrue(e.getMessage().startsWith(broken + ": corrupt gzip data ("), e.getMessage());
  }

  @Test
  void labelOutOfRange() throws IOException {
    Path file = gzFile("lab.gz", concat(header(2049, 3), bytes(1, 10, 2)));
    UserError e = assertThrows(UserError.class, () -> IdxReader.readLabels(file, 10));
    assertEquals(file + ": label 10 at index 1, expected a class in 0..9", e.getMessage());
  }

  @Test
  void badDimensions() throws IOException {
    Path negative = gzFile("neg.gz", header(2051, -1, 28, 28));
    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(negative));
    assertEquals(negative + ": bad IDX header: image count -1, expected >= 0", e.getMessage());

    Path zeroRows = gzFile("zero.gz", header(2051, 1, 0, 28));
    e = assertThrows(UserError.class, () -> IdxReader.readImages(zeroRows));
    assertEquals(zeroRows + ": bad IDX header: rows 0, expected >= 1", e.getMessage());

    // Found by fuzzing: the sizes' product wrapped round a long to a negative array size.
    Path wraps = gzFile("wraps.gz", header(2051, Integer.MAX_VALUE, Integer.MAX_VALUE, 4));
    e = assertThrows(UserError.class, () -> IdxReader.readImages(wraps));
    assertEquals(wraps + ": bad IDX header: 2147483647 images of 2147483647x4 is"
        + " 18446744056529682436 bytes, expected at most 2147483639", e.getMessage());
  }

  @Test
  void absurdCountFailsAsTruncatedWithoutAllocatingIt() throws IOException {
    // 2.5 million 28x28 images = 1.96 GB promised, 100 bytes present.
    Path file = gzFile("huge.gz", concat(header(2051, 2_500_000, 28, 28), new byte[100]));
    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));
    assertTrue(e.getMessage().endsWith("(1960000000 bytes after the header), but a gzip file of "
        + Files.size(file) + " bytes cannot hold that many"), e.getMessage());
    Path raw = write("huge", concat(header(2051, 2_500_000, 28, 28), new byte[100]));
    e = assertThrows(UserError.class, () -> IdxReader.readImages(raw));
    assertTrue(e.getMessage().endsWith("but the file has 100 bytes after it"), e.getMessage());
    // Within what the file could hold, but not there: the array grows only as data arrives.
    Path cut = gzFile("short.gz", concat(header(2051, 10, 28, 28), new byte[100]));
    e = assertThrows(UserError.class, () -> IdxReader.readImages(cut));
    assertTrue(e.getMessage().contains("but the data ends after 100 bytes"), e.getMessage());

    Path tooBig = gzFile("toobig.gz", header(2051, 3_000_000, 28, 28));
    e = assertThrows(UserError.class, () -> IdxReader.readImages(tooBig));
    assertTrue(e.getMessage().contains("expected at most"), e.getMessage());
  }

  @Test
  void missingFile() {
    Path file = dir.resolve("nope.gz");
    UserError e = assertThrows(UserError.class, () -> IdxReader.readImages(file));
    assertEquals(file + ": file not found", e.getMessage());
  }

  @Test
  void readsFashionMnistTestSetWithItsPublishedBalance() {
    Path folder = SharedData.dir().resolve("fashion-mnist");
    IdxImages images = IdxReader.readImages(folder.resolve("t10k-images-idx3-ubyte.gz"));
    IdxLabels labels = IdxReader.readLabels(folder.resolve("t10k-labels-idx1-ubyte.gz"), 10);
    assertEquals(10000, images.count());
    assertEquals(28, images.rows());
    assertEquals(28, images.cols());
    int[] histogram = new int[10];
    for (int label : labels.labels()) {
      histogram[label]++;
    }
    // shared/data/README.md: "test: 10000 images, 28x28, with 1000 per class".
    int[] expected = new int[10];
    Arrays.fill(expected, 1000);
    assertArrayEquals(expected, histogram);
  }
}
