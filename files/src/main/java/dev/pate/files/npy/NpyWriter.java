package dev.pate.files.npy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes the bytes of a version 1.0 {@code .npy} file, the format {@link NpyReader} reads: for
 * handing arrays to NumPy, and for tests that make small arrays instead of checking files in.
 */
public final class NpyWriter {
  private NpyWriter() {}

  /**
   * A {@code .npy} file of {@code descr} ({@code |u1}, {@code <i8}, ...) and {@code shape} (as
   * NumPy writes it, e.g. {@code (2, 3)} or {@code (5,)}), holding {@code data} as given.
   */
  public static byte[] npy(String descr, boolean fortranOrder, String shape, byte[] data) {
    String dict = "{'descr': '" + descr + "', 'fortran_order': "
        + (fortranOrder ? "True" : "False") + ", 'shape': " + shape + ", }";
    StringBuilder header = new StringBuilder(dict);
    // NumPy pads the header with spaces and a newline so that the data starts at a multiple of 64.
    while ((10 + header.length() + 1) % 64 != 0) {
      header.append(' ');
    }
    header.append('\n');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    out.write(header.length() & 0xff);
    out.write(header.length() >> 8);
    out.writeBytes(header.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(data);
    return out.toByteArray();
  }
}
