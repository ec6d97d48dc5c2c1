package dev.pate.datasets.files;

import dev.pate.files.Sha256;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * SHA-256 verification of data files.
 *
 * <p>A successful verification is remembered for the life of the JVM, keyed by the file's real
 * path, size and modification time, so loading a dataset twice (e.g. once per experiment in one
 * run) hashes each file once. A file that changes on disk gets a new key and is hashed again.
 */
public final class Checksums {
  private record Key(Path realPath, long size, FileTime modified) {}

  /** Verified files and the hash they were verified against. */
  private static final Map<Key, String> VERIFIED = new ConcurrentHashMap<>();

  /** How many files were hashed; lets tests see that the cache works. */
  private static final AtomicLong HASHES_COMPUTED = new AtomicLong();

  private Checksums() {}

  /** SHA-256 of the file's bytes as 64 lowercase hex digits. */
  public static String sha256(Path file) {
    String hash;
    try {
      hash = Sha256.of(file);
    } catch (NoSuchFileException e) {
      throw UserError.forFile(file, "file not found", e);
    } catch (IOException e) {
      throw UserError.forFile(file, "cannot read (" + UserError.describe(e) + ")", e);
    }
    HASHES_COMPUTED.incrementAndGet();
    return hash;
  }

  /**
   * Verifies that {@code file} has the size and SHA-256 of the published {@code expected} file.
   *
   * @throws UserError naming the file, the expected and the actual hash (and sizes if they
   *     differ)
   */
  public static void verify(Path file, DataFile expected) {
    verify(file, expected.sha256(), expected.sizeBytes());
  }

  /**
   * Verifies that {@code file} has the given SHA-256 (64 hex digits, any case).
   *
   * @throws UserError naming the file, the expected and the actual hash
   */
  public static void verify(Path file, String expectedSha256) {
    verify(file, expectedSha256, -1);
  }

  private static void verify(Path file, String expectedSha256, long expectedSize) {
    String expected = expectedSha256.toLowerCase(Locale.ROOT);
    Key key = keyOf(file);
    if (expected.equals(VERIFIED.get(key))) {
      return;
    }
    String actual = sha256(file);
    if (!actual.equals(expected)) {
      String size = "";
      if (expectedSize >= 0 && key.size() != expectedSize) {
        size =
            " ("
                + key.size()
                + " bytes, expected "
                + expectedSize
                + (key.size() < expectedSize ? ": truncated or incomplete download?" : "")
                + ")";
      }
      throw UserError.forFile(
          file, "wrong checksum: sha256 is " + actual + ", expected " + expected + size);
    }
    VERIFIED.put(key, expected);
  }

  /** Number of files hashed so far in this JVM (for tests of the cache). */
  static long hashesComputed() {
    return HASHES_COMPUTED.get();
  }

  private static Key keyOf(Path file) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new Key(file.toRealPath(), attributes.size(), attributes.lastModifiedTime());
    } catch (NoSuchFileException e) {
      throw UserError.forFile(file, "file not found", e);
    } catch (IOException e) {
      throw UserError.forFile(file, "cannot read (" + UserError.describe(e) + ")", e);
    }
  }
}
