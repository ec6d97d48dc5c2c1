package dev.pate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FIPS 180-2 test vectors, the same hash whether bytes come as text, array, pieces or file. */
class Sha256Test {
  static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  static final String EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  @TempDir Path dir;

  @Test
  void knownVectors() {
    assertEquals(ABC, Sha256.of("abc"));
    assertEquals(EMPTY, Sha256.of(new byte[0]));
  }

  @Test
  void piecesAndFilesHashAsTheWholeBytes() throws IOException {
    MessageDigest digest = Sha256.digest();
    digest.update("a".getBytes(StandardCharsets.UTF_8));
    digest.update("bc".getBytes(StandardCharsets.UTF_8));
    assertEquals(ABC, Sha256.hex(digest));
    assertEquals(ABC, Sha256.of(Files.writeString(dir.resolve("abc.txt"), "abc")));
    // Larger than one read buffer.
    byte[] big = new byte[(1 << 16) * 3 + 5];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i * 31);
    }
    assertEquals(Sha256.of(big), Sha256.of(Files.write(dir.resolve("big.bin"), big)));
  }
}
