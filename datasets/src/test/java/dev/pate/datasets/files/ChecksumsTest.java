package dev.pate.datasets.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChecksumsTest {
  /** SHA-256("abc"), the FIPS 180-2 example. */
  private static final String ABC_SHA256 =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @TempDir Path dir;

  @Test
  void hashesFileContent() throws IOException {
    Path file = Files.writeString(dir.resolve("abc.txt"), "abc");
    assertEquals(ABC_SHA256, Checksums.sha256(file));
  }

  @Test
  void verificationIsCachedUntilTheFileChanges() throws IOException {
    Path file = Files.writeString(dir.resolve("abc.txt"), "abc");
    long before = Checksums.hashesComputed();

    Checksums.verify(file, ABC_SHA256.toUpperCase());
    Checksums.verify(file, ABC_SHA256);
    assertEquals(1, Checksums.hashesComputed() - before);

    Files.writeString(file, "abcd");
    UserError e = assertThrows(UserError.class, () -> Checksums.verify(file, ABC_SHA256));
    assertTrue(e.getMessage().contains("expected " + ABC_SHA256), e.getMessage());
  }

  @Test
  void mismatchNamesFileExpectedAndActualHashAndSizes() throws IOException {
    Path file = Files.writeString(dir.resolve("abc.txt"), "abc");
    String wanted = "0".repeat(64);
    DataFile spec = new DataFile("toy", "abc.txt", 10, wanted, List.of());

    UserError e = assertThrows(UserError.class, () -> Checksums.verify(file, spec));

    assertEquals(
        file
            + ": wrong checksum: sha256 is "
            + ABC_SHA256
            + ", expected "
            + wanted
            + " (3 bytes, expected 10: truncated or incomplete download?)",
        e.getMessage());
  }

  @Test
  void missingFileIsAUserError() {
    Path file = dir.resolve("none");
    UserError e = assertThrows(UserError.class, () -> Checksums.verify(file, ABC_SHA256));
    assertEquals(file + ": file not found", e.getMessage());
  }
}
