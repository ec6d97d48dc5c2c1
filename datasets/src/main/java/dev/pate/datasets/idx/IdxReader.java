package dev.pate.datasets.idx;

import dev.pate.files.UserError;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads gzip-compressed IDX files, validating everything the format promises.
 *
 * <p>Checks, each reported as a one-line {@link UserError} naming the file: valid gzip; magic
 * number ({@value #IMAGES_MAGIC} for images, {@value #COLOUR_IMAGES_MAGIC} for images with a
 * channel dimension, {@value #LABELS_MAGIC} for labels, i.e. unsigned-byte data with 3, 4 or 1
 * dimensions); positive dimensions; exactly the promised number of payload bytes
 * (a truncated file reports expected and actual byte counts, trailing bytes are an error too);
 * labels below the number of classes.
 *
 * <p>Sizes are checked against the file before anything is allocated for them: an uncompressed
 * file must hold the payload its header promises, and a gzip file cannot inflate to more than
 * {@value #MAX_INFLATION} times its length (deflate's limit). The payload array starts at {@value
 * #EXPECTED_INFLATION} times the file's length at most and grows only as data arrives, so a header
 * that promises gigabytes in a file of a hundred bytes fails as "truncated" having allocated
 * almost nothing. Real files (gzipped MNIST inflates about 5 times) are still inflated straight
 * into their final array, so the 60000 MNIST training images take a couple of hundred
 * milliseconds.
 */
public final class IdxReader {
  /** Magic number of an IDX image file: 0x0803, unsigned bytes in 3 dimensions. */
  public static final int IMAGES_MAGIC = 0x0803;

  /**
   * Magic number of an IDX file of colour images: 0x0804, unsigned bytes in 4 dimensions (count,
   * rows, cols, channels), channels interleaved as NumPy stores an N x H x W x C array.
   */
  public static final int COLOUR_IMAGES_MAGIC = 0x0804;

  /** Magic number of an IDX label file: 0x0801, unsigned bytes in 1 dimension. */
  public static final int LABELS_MAGIC = 0x0801;

  /** Java arrays cannot be longer than this (a few header words below Integer.MAX_VALUE). */
  private static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  /** Deflate's best ratio is 1032:1, so a gzip file inflates to at most this many times its size. */
  static final int MAX_INFLATION = 1033;

  /**
   * The payload array starts at most this many times the file's length (and at least {@link
   * #MIN_CHUNK}), then doubles as data arrives: one allocation for real IDX files, which inflate
   * about five times.
   */
  static final int EXPECTED_INFLATION = 8;

  private static final int MIN_CHUNK = 1 << 16;

  private static final int GZIP_BUFFER = 1 << 16;

  private IdxReader() {}

  /**
   * Reads an IDX image file: {@code *-idx3-ubyte.gz} (grey, count x rows x cols) or a 4-dimensional
   * one (count x rows x cols x channels, magic {@value #COLOUR_IMAGES_MAGIC}), of any size.
   */
  public static IdxImages readImages(Path file) {
    return withGzip(
        file,
        source -> {
          InputStream in = source.in();
          int magic = readMagic(file, in, "images", IMAGES_MAGIC, COLOUR_IMAGES_MAGIC);
          int dimensions = magic == COLOUR_IMAGES_MAGIC ? 4 : 3;
          ByteBuffer header = readSizes(file, in, dimensions);
          int count = header.getInt();
          int rows = header.getInt();
          int cols = header.getInt();
          int channels = dimensions == 4 ? header.getInt() : 1;
          checkNonNegative(file, "image count", count);
          checkPositive(file, "rows", rows);
          checkPositive(file, "cols", cols);
          checkPositive(file, "channels", channels);
          String promise = count + " images of " + rows + "x" + cols
              + (dimensions == 4 ? "x" + channels : "");
          long total = dimensions == 4 ? payloadBytes(file, promise, count, rows, cols, channels)
              : payloadBytes(file, promise, count, rows, cols);
          byte[] pixels = readPayload(file, source, total, promise, 4 * (1 + dimensions));
          return new IdxImages(count, rows, cols, channels, pixels);
        });
  }

  /**
   * Reads an IDX label file ({@code *-idx1-ubyte.gz}) whose labels must all be in {@code
   * 0..numClasses-1}.
   */
  public static IdxLabels readLabels(Path file, int numClasses) {
    if (numClasses < 1 || numClasses > 256) {
      throw new IllegalArgumentException("numClasses: " + numClasses + " is not in 1..256");
    }
    return withGzip(
        file,
        source -> {
          InputStream in = source.in();
          ByteBuffer header = readHeader(file, in, LABELS_MAGIC, "labels", 1);
          int count = header.getInt();
          checkNonNegative(file, "label count", count);
          String promise = count + " labels";
          byte[] raw = readPayload(file, source, payloadBytes(file, promise, count), promise, 8);
          int[] labels = new int[count];
          for (int i = 0; i < count; i++) {
            int label = raw[i] & 0xFF;
            if (label >= numClasses) {
              throw UserError.forFile(
                  file,
                  "label "
                      + label
                      + " at index "
                      + i
                      + ", expected a class in 0.."
                      + (numClasses - 1));
            }
            labels[i] = label;
          }
          return new IdxLabels(labels);
        });
  }

  /** The data of a file (inflated if it is gzip), its length on disk, and whether it is gzip. */
  private record Source(InputStream in, long fileBytes, boolean gzip) {}

  private interface Body<T> {
    T read(Source source) throws IOException;
  }

  /**
   * Opens {@code file} gunzipped when it starts with the gzip magic bytes, as it is otherwise (an
   * IDX file's own magic starts with two zero bytes, so the two never collide).
   */
  private static <T> T withGzip(Path file, Body<T> body) {
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), GZIP_BUFFER)) {
      raw.mark(2);
      boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
      raw.reset();
      try (InputStream in = gzip ? new GZIPInputStream(raw, GZIP_BUFFER) : raw) {
        return body.read(new Source(in, Files.size(file), gzip));
      }
    } catch (NoSuchFileException e) {
      throw UserError.forFile(file, "file not found", e);
    } catch (ZipException e) {
      throw UserError.forFile(
          file,
          "corrupt gzip data (" + UserError.describe(e) + "), expected a gzip IDX file",
          e);
    } catch (EOFException e) {
      // Thrown by the GZIPInputStream constructor when the file ends inside the gzip header.
      throw UserError.forFile(
          file, "truncated gzip stream (" + UserError.describe(e) + ")", e);
    } catch (IOException e) {
      throw UserError.forFile(file, "cannot read (" + UserError.describe(e) + ")", e);
    }
  }

  /**
   * Reads and checks the magic number, then the {@code dimensions} size words, which the returned
   * buffer is positioned at. The magic number is checked first so that a file of the wrong kind is
   * reported as such even when it is too short for this kind's header.
   */
  private static ByteBuffer readHeader(
      Path file, InputStream in, int expectedMagic, String kind, int dimensions)
      throws IOException {
    readMagic(file, in, kind, expectedMagic);
    return readSizes(file, in, dimensions);
  }

  /** Reads the magic number, which must be one of {@code allowed} (the first is the usual one). */
  private static int readMagic(Path file, InputStream in, String kind, int... allowed)
      throws IOException {
    byte[] word = new byte[4];
    int got = readAsMuchAsPossible(in, word, 0, 4);
    if (got < 4) {
      throw UserError.forFile(
          file, "truncated IDX header: expected at least 4 bytes, got " + got);
    }
    int magic = ByteBuffer.wrap(word).getInt(); // big-endian by default, as IDX is
    for (int a : allowed) {
      if (magic == a) {
        return magic;
      }
    }
    checkMagic(file, magic, allowed[0], kind);
    return magic;
  }

  /** Reads {@code dimensions} big-endian size words after the magic number. */
  private static ByteBuffer readSizes(Path file, InputStream in, int dimensions)
      throws IOException {
    byte[] sizes = new byte[4 * dimensions];
    int got = readAsMuchAsPossible(in, sizes, 0, sizes.length);
    if (got < sizes.length) {
      throw UserError.forFile(file, "truncated IDX header: expected " + (4 + sizes.length)
          + " bytes, got " + (4 + got));
    }
    return ByteBuffer.wrap(sizes);
  }

  private static void checkMagic(Path file, int magic, int expected, String kind) {
    if (magic == expected) {
      return;
    }
    String hint = "";
    if (magic == IMAGES_MAGIC || magic == COLOUR_IMAGES_MAGIC) {
      hint = "; this looks like an image file";
    } else if (magic == LABELS_MAGIC) {
      hint = "; this looks like a label file";
    }
    throw UserError.forFile(
        file,
        String.format(
            "bad magic number 0x%08X (%d), expected 0x%08X (%d) for IDX %s%s",
            magic, magic, expected, expected, kind, hint));
  }

  /**
   * The product of the header's sizes, refused if no array can hold it: three sizes below 2^31
   * multiply to up to 2^93, which a {@code long} would wrap round to any value, negative too.
   */
  private static long payloadBytes(Path file, String promise, int... sizes) {
    BigInteger product = BigInteger.ONE;
    for (int size : sizes) {
      product = product.multiply(BigInteger.valueOf(size));
    }
    if (product.compareTo(BigInteger.valueOf(MAX_ARRAY_LENGTH)) > 0) {
      throw UserError.forFile(file, "bad IDX header: " + promise + " is " + product
          + " bytes, expected at most " + MAX_ARRAY_LENGTH);
    }
    return product.longValueExact();
  }

  private static void checkNonNegative(Path file, String what, int value) {
    if (value < 0) {
      throw UserError.forFile(
          file, "bad IDX header: " + what + " " + value + ", expected >= 0");
    }
  }

  private static void checkPositive(Path file, String what, int value) {
    if (value < 1) {
      throw UserError.forFile(
          file, "bad IDX header: " + what + " " + value + ", expected >= 1");
    }
  }

  /**
   * Reads exactly {@code total} payload bytes (at most {@link #MAX_ARRAY_LENGTH}, see {@link
   * #payloadBytes}), then requires the end of the stream. Refuses a
   * promise the file cannot hold before allocating; the array grows only as data arrives (see
   * {@link #EXPECTED_INFLATION}).
   *
   * @param headerBytes the header's length, before the payload
   */
  private static byte[] readPayload(Path file, Source source, long total, String promise,
      int headerBytes) throws IOException {
    InputStream in = source.in();
    long room = source.gzip() ? source.fileBytes() * MAX_INFLATION
        : source.fileBytes() - headerBytes;
    if (total > room) {
      throw UserError.forFile(
          file,
          "truncated: the header promises "
              + promise
              + " ("
              + total
              + " bytes after the header), but "
              + (source.gzip() ? "a gzip file of " + source.fileBytes() + " bytes cannot hold"
                  + " that many" : "the file has " + Math.max(0, room) + " bytes after it"));
    }
    int expected = (int) total;
    long start = Math.max(MIN_CHUNK, source.fileBytes() * EXPECTED_INFLATION);
    byte[] data = new byte[(int) Math.min(expected, start)];
    int got = 0;
    while (true) {
      int n = readAsMuchAsPossible(in, data, got, data.length - got);
      got += n;
      if (got < data.length) {
        throw UserError.forFile(
            file,
            "truncated: the header promises "
                + promise
                + " ("
                + expected
                + " bytes after the header), but the data ends after "
                + got
                + " bytes");
      }
      if (got == expected) {
        break;
      }
      data = Arrays.copyOf(data, (int) Math.min((long) data.length * 2, expected));
    }
    long trailing = countRemaining(in);
    if (trailing > 0) {
      throw UserError.forFile(
          file,
          trailing
              + " unexpected bytes after the "
              + expected
              + " bytes of "
              + promise
              + " promised by the header, expected the end of the file");
    }
    return data;
  }

  /**
   * Like {@code readFully}, but returns how many bytes were read before the end of the data, which
   * the error message needs. A gzip stream cut short ends the same way as a short payload.
   */
  private static int readAsMuchAsPossible(InputStream in, byte[] buf, int off, int len)
      throws IOException {
    int got = 0;
    try {
      while (got < len) {
        int n = in.read(buf, off + got, len - got);
        if (n < 0) {
          break;
        }
        got += n;
      }
    } catch (EOFException e) {
      // "Unexpected end of ZLIB input stream": the compressed file itself was cut off.
    }
    return got;
  }

  private static long countRemaining(InputStream in) throws IOException {
    byte[] sink = new byte[8192];
    long count = 0;
    try {
      for (int n; (n = in.read(sink)) >= 0; ) {
        count += n;
      }
    } catch (EOFException e) {
      // Trailing data that is itself cut off still counts as trailing data.
    }
    return count;
  }
}
