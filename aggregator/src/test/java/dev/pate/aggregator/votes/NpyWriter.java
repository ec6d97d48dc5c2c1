package dev.pate.aggregator.votes;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Builds .npy bytes for tests, like {@code numpy.save} (any version, dtype, order). */
final class NpyWriter {
  private NpyWriter() {}

  /**
   * @param values elements in C order
   * @param descr e.g. {@code <f8}, {@code >i4}, {@code |u1}
   * @param fortran write the elements in Fortran order (2-D only)
   */
  static byte[] npy(int major, String descr, boolean fortran, int[] shape, double[] values) {
    StringBuilder shapeText = new StringBuilder("(");
    for (int i = 0; i < shape.length; i++) {
      shapeText.append(shape[i]).append(shape.length == 1 ? "," : i < shape.length - 1 ? ", " : "");
    }
    shapeText.append(")");
    String dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False")
        + ", 'shape': " + shapeText + ", }";
    int prefix = major == 1 ? 10 : 12;
    int total = prefix + dict.length() + 1;
    int padded = (total + 63) / 64 * 64;
    String header = dict + " ".repeat(padded - total) + "\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
    ByteBuffer length = ByteBuffer.allocate(major == 1 ? 2 : 4).order(ByteOrder.LITTLE_ENDIAN);
    if (major == 1) {
      length.putShort((short) header.length());
    } else {
      length.putInt(header.length());
    }
    out.writeBytes(length.array());
    out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));

    ByteOrder order = descr.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    char kind = descr.charAt(1);
    int size = Integer.parseInt(descr.substring(2));
    ByteBuffer data = ByteBuffer.allocate(values.length * size).order(order);
    for (int f = 0; f < values.length; f++) {
      int c = f;
      if (fortran && shape.length == 2) { // f-th element in column-major order
        int row = f % shape[0];
        int col = f / shape[0];
        c = row * shape[1] + col;
      }
      double v = values[c];
      if (kind == 'f') {
        if (size == 8) {
          data.putDouble(v);
        } else {
          data.putFloat((float) v);
        }
      } else {
        switch (size) {
          case 1 -> data.put((byte) (long) v);
          case 2 -> data.putShort((short) (long) v);
          case 4 -> data.putInt((int) (long) v);
          default -> data.putLong((long) v);
        }
      }
    }
    out.writeBytes(data.array());
    return out.toByteArray();
  }
}
