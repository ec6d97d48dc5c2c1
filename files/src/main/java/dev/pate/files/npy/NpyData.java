package dev.pate.files.npy;

import dev.pate.files.UserError;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One {@code .npy} array as it is in the file: its dtype, shape and order, and its raw elements
 * (a read-only view of the file's bytes, nothing converted). {@link #values()} converts them to
 * doubles in C order; a reader that wants bytes (images of {@code |u1}) takes {@link #bytes()}
 * without an eight-fold copy.
 *
 * @param file where it was read from, for messages
 * @param descr the dtype string, e.g. {@code <f8}, {@code |u1}
 * @param kind {@code 'f'} (float), {@code 'i'} (signed) or {@code 'u'} (unsigned integer)
 * @param elementSize bytes per element
 * @param fortranOrder whether the elements are in Fortran (column-major) order
 * @param shape the dimensions
 * @param data the elements, positioned at the first, in the file's byte order
 */
public record NpyData(Path file, String descr, char kind, int elementSize, boolean fortranOrder,
    int[] shape, ByteBuffer data) {

  public NpyData {
    shape = shape.clone();
    data = data.asReadOnlyBuffer().order(data.order());
  }

  @Override
  public int[] shape() {
    return shape.clone();
  }

  /** Number of elements: the product of the shape. */
  public int count() {
    int n = 1;
    for (int d : shape) {
      n *= d; // checked against the array limit when the file was read
    }
    return n;
  }

  /** Whether the dtype is an integer type (signed or unsigned). */
  public boolean integerType() {
    return kind != 'f';
  }

  /** The shape as NumPy prints it, e.g. {@code (26032, 10)} or {@code (5,)}. */
  public String shapeText() {
    return shapeText(shape);
  }

  /** {@code shape} as NumPy prints it. */
  public static String shapeText(int[] shape) {
    if (shape.length == 1) {
      return "(" + shape[0] + ",)";
    }
    return Arrays.toString(shape).replace('[', '(').replace(']', ')');
  }

  /** The elements as doubles in C (row-major) order; integers up to 2^53 convert exactly. */
  public double[] values() {
    double[] fileOrder = new double[count()];
    for (int i = 0; i < fileOrder.length; i++) {
      fileOrder[i] = element(i * elementSize);
    }
    return fortranOrder && shape.length > 1 ? toRowMajor(fileOrder, shape) : fileOrder;
  }

  /**
   * The elements of a {@code |u1} (or {@code |i1}) array in C order, as they are stored.
   *
   * @throws UserError for any other dtype
   */
  public byte[] bytes() {
    if (elementSize != 1 || kind == 'f') {
      throw new UserError(file, "header field 'descr'", "dtype '" + descr
          + "' is not one byte per element, expected unsigned bytes (|u1, numpy.uint8)");
    }
    byte[] out = new byte[count()];
    data.duplicate().get(out);
    if (!fortranOrder || shape.length < 2) {
      return out;
    }
    double[] asValues = values();
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) asValues[i];
    }
    return out;
  }

  private double element(int at) {
    if (kind == 'f') {
      return switch (elementSize) {
        case 8 -> data.getDouble(at);
        case 4 -> data.getFloat(at);
        default -> NpyReader.halfToDouble(data.getShort(at));
      };
    }
    boolean unsigned = kind == 'u';
    return switch (elementSize) {
      case 1 -> unsigned ? data.get(at) & 0xff : data.get(at);
      case 2 -> unsigned ? data.getShort(at) & 0xffff : data.getShort(at);
      case 4 -> unsigned ? data.getInt(at) & 0xffffffffL : data.getInt(at);
      default -> unsigned ? unsignedToDouble(data.getLong(at)) : (double) data.getLong(at);
    };
  }

  private static double unsignedToDouble(long v) {
    return v >= 0 ? v : (double) (v >>> 1) * 2 + (v & 1);
  }

  /** Fortran (column-major) order to C (row-major) order, any number of dimensions. */
  private static double[] toRowMajor(double[] columnMajor, int[] shape) {
    int n = columnMajor.length;
    double[] out = new double[n];
    int dims = shape.length;
    int[] index = new int[dims];
    for (int f = 0; f < n; f++) {
      // index advances with the first dimension fastest
      int c = 0;
      for (int d = 0; d < dims; d++) {
        c = c * shape[d] + index[d];
      }
      out[c] = columnMajor[f];
      for (int d = 0; d < dims; d++) {
        if (++index[d] < shape[d]) {
          break;
        }
        index[d] = 0;
      }
    }
    return out;
  }
}
