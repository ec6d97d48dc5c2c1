package dev.pate.files.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyReaderTest {
  private static final Path FILE = Path.of("array.npy");

  private static byte[] npy(String descr, boolean fortran, String shape, byte[] data) {
    return NpyWriter.npy(descr, fortran, shape, data);
  }

  @Test
  void unsignedBytesComeBackAsStoredInCOrder() {
    byte[] data = {0, 1, 2, (byte) 200, (byte) 255, 7};
    NpyData array = NpyReader.parse(FILE, npy("|u1", false, "(2, 3)", data));
    assertArrayEquals(new int[] {2, 3}, array.shape());
    assertArrayEquals(data, array.bytes());
    assertEquals(200.0, array.values()[3]);
  }

  @Test
  void fortranOrderBytesAreTurnedToCOrder() {
    // 2 x 3 in column-major order: columns (0, 3), (1, 4), (2, 5)
    byte[] columnMajor = {0, 3, 1, 4, 2, 5};
    NpyData array = NpyReader.parse(FILE, npy("|u1", true, "(2, 3)", columnMajor));
    assertArrayEquals(new byte[] {0, 1, 2, 3, 4, 5}, array.bytes());
  }

  @Test
  void bytesOfAWiderTypeAreRefusedNamingTheDtype() {
    NpyData array = NpyReader.parse(FILE, npy("<i4", false, "(1,)", new byte[4]));
    UserError e = assertThrows(UserError.class, array::bytes);
    assertTrue(e.getMessage().startsWith("array.npy, header field 'descr': dtype '<i4'"),
        e.getMessage());
  }

  @Test
  void truncatedDataIsOneLineNamingTheFile() {
    UserError e = assertThrows(UserError.class,
        () -> NpyReader.parse(FILE, npy("|u1", false, "(2, 3)", new byte[5])));
    assertEquals("array.npy, data: truncated: shape (2, 3) of |u1 needs 6 bytes of data, the"
        + " file has 5", e.getMessage());
  }

  @Test
  void float16IsDecoded() {
    assertEquals(1.0, NpyReader.halfToDouble((short) 0x3c00));
    assertEquals(250.0, NpyReader.halfToDouble((short) 0x5bd0));
    assertEquals(-2.0, NpyReader.halfToDouble((short) 0xc000));
    assertEquals(0x1p-24, NpyReader.halfToDouble((short) 0x0001));
  }

  /** A file no byte array can hold is one line naming it, not an OutOfMemoryError. */
  @Test
  void aFileLargerThanAnArrayIsRefusedBeforeItIsRead(@TempDir Path dir) throws IOException {
    Path big = dir.resolve("big.npy");
    try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
      file.setLength(NpyReader.MAX_BYTES + 1); // sparse: nothing is written
    }
    UserError e = assertThrows(UserError.class, () -> NpyReader.read(big));
    assertTrue(e.getMessage().startsWith(big.toString()), e.getMessage());
    assertTrue(e.getMessage().contains((NpyReader.MAX_BYTES + 1) + " bytes"), e.getMessage());
  }
}
