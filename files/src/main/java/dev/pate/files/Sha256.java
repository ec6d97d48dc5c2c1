package dev.pate.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 as pate writes it everywhere (cache keys, teacher files, ledger chain, data files,
 * release manifest, provenance): 64 lowercase hex digits. One helper, so that two hashes of the
 * same bytes written by different modules always compare equal.
 */
public final class Sha256 {
  private static final HexFormat HEX = HexFormat.of();

  private Sha256() {}

  /** A fresh digest, for content fed in pieces; {@link #hex(MessageDigest)} finishes it. */
  public static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform must provide SHA-256 (MessageDigest's Javadoc).
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  /** Finishes {@code digest} and returns its hash in hex. */
  public static String hex(MessageDigest digest) {
    return HEX.formatHex(digest.digest());
  }

  /** The hash of {@code bytes}. */
  public static String of(byte[] bytes) {
    return HEX.formatHex(digest().digest(bytes));
  }

  /** The hash of {@code text} as UTF-8. */
  public static String of(String text) {
    return of(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The hash of a file's bytes, read in blocks (the file may be larger than memory). */
  public static String of(Path file) throws IOException {
    MessageDigest digest = digest();
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return hex(digest);
  }
}
