package dev.pate.files.npy;

import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads NumPy {@code .npy} files (format versions 1.0, 2.0 and 3.0, as specified in NumPy's
 * {@code numpy/lib/format.py}): magic {@code \x93NUMPY}, a version, a little-endian header length
 * (2 bytes in 1.0, 4 bytes in 2.0/3.0), a Python dict literal with {@code descr}, {@code
 * fortran_order} and {@code shape}, then the raw elements. The one npy reader of pate: vote
 * matrices (module aggregator) and image arrays (module datasets) are read through it.
 *
 * <p>Supported element types: float64/32/16 and signed or unsigned integers of 1, 2, 4 and 8
 * bytes, in either byte order; C or Fortran order. Structured, object (pickled), complex, string
 * and boolean arrays are rejected, as are files whose data is shorter or longer than the header
 * promises, each with a one-line {@link UserError}.
 */
public final class NpyReader {
  private NpyReader() {}

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final Pattern DESCR =
      Pattern.compile("['\"]descr['\"]\\s*:\\s*(?:'([^']*)'|\"([^\"]*)\"|(\\[))");
  /** The largest file {@link #read} takes: what one Java byte array can hold. */
  static final long MAX_BYTES = Integer.MAX_VALUE - 8;
  private static final Pattern FORTRAN =
      Pattern.compile("['\"]fortran_order['\"]\\s*:\\s*(True|False)");
  private static final Pattern SHAPE = Pattern.compile("['\"]shape['\"]\\s*:\\s*\\(([^)]*)\\)");
  /** Element sizes have one or two digits; more would not fit an int (fuzz finding). */
  private static final Pattern TYPE = Pattern.compile("([<>|=])([fiu])(\\d{1,2})");

  /**
   * Reads and checks {@code file}.
   *
   * @throws IOException if the file cannot be read at all
   * @throws UserError if it is not a supported, complete npy array
   */
  public static NpyData read(Path file) throws IOException {
    // Checked before reading: a Java array holds at most 2^31 - 1 bytes, and a larger file would
    // end in an OutOfMemoryError, not a line naming the file.
    long size = Files.size(file);
    if (size > MAX_BYTES) {
      throw new UserError(file, "file", size + " bytes; arrays of more than " + MAX_BYTES
          + " bytes are not supported");
    }
    return parse(file, Files.readAllBytes(file));
  }

  /** Whether {@code bytes} start with the npy magic string. */
  public static boolean startsWithMagic(byte[] bytes) {
    if (bytes.length < MAGIC.length) {
      return false;
    }
    for (int i = 0; i < MAGIC.length; i++) {
      if (bytes[i] != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  /** Parses the npy bytes of {@code file} (named in messages). */
  public static NpyData parse(Path file, byte[] bytes) {
    if (bytes.length < 10 || !startsWithMagic(bytes)) {
      throw new UserError(file, "magic",
          "not a NumPy .npy file (expected it to start with \\x93NUMPY)");
    }
    int major = bytes[6] & 0xff;
    int minor = bytes[7] & 0xff;
    int headerLength;
    int headerStart;
    if (major == 1) {
      headerLength = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
      headerStart = 10;
    } else if (major == 2 || major == 3) {
      if (bytes.length < 12) {
        throw new UserError(file, "header", "truncated before the header length");
      }
      long length = ByteBuffer.wrap(bytes, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt()
          & 0xffffffffL;
      if (length > Integer.MAX_VALUE - 12) {
        throw new UserError(file, "header", "header length " + length + " is too large");
      }
      headerLength = (int) length;
      headerStart = 12;
    } else {
      throw new UserError(file, "version", "format version " + major + "." + minor
          + " is not supported (expected 1.0, 2.0 or 3.0)");
    }
    if ((long) headerStart + headerLength > bytes.length) {
      throw new UserError(file, "header", "truncated: the header is " + headerLength
          + " bytes but the file ends after " + (bytes.length - headerStart));
    }
    String header = new String(bytes, headerStart, headerLength,
        major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    int dataStart = headerStart + headerLength;

    String descr = descr(file, header);
    Matcher type = TYPE.matcher(descr);
    if (!type.matches()) {
      throw new UserError(file, "header field 'descr'", "dtype '" + descr
          + "' is not supported (expected a float or integer type such as <f8, <f4, <i8, |u1)");
    }
    char kind = type.group(2).charAt(0);
    int size = Integer.parseInt(type.group(3));
    if (!supported(kind, size)) {
      throw new UserError(file, "header field 'descr'", "dtype '" + descr
          + "' is not supported (floats of 2, 4 or 8 bytes, integers of 1, 2, 4 or 8 bytes)");
    }
    ByteOrder order = switch (type.group(1).charAt(0)) {
      case '<', '|' -> ByteOrder.LITTLE_ENDIAN;
      case '>' -> ByteOrder.BIG_ENDIAN;
      default -> ByteOrder.nativeOrder(); // '='
    };
    boolean fortran = fortranOrder(file, header);
    int[] shape = shape(file, header);

    long count = 1;
    for (int d : shape) {
      count *= d;
      if (count > Integer.MAX_VALUE - 8) {
        throw new UserError(file, "header field 'shape'",
            "shape " + NpyData.shapeText(shape) + " has too many elements for one array");
      }
    }
    long expectedBytes = count * size;
    long actualBytes = bytes.length - dataStart;
    if (actualBytes < expectedBytes) {
      throw new UserError(file, "data", "truncated: shape " + NpyData.shapeText(shape)
          + " of " + descr + " needs " + expectedBytes + " bytes of data, the file has "
          + actualBytes);
    }
    if (actualBytes > expectedBytes) {
      throw new UserError(file, "data", (actualBytes - expectedBytes)
          + " bytes after the " + expectedBytes + " bytes that shape " + NpyData.shapeText(shape)
          + " of " + descr + " needs (corrupt file?)");
    }
    ByteBuffer data = ByteBuffer.wrap(bytes, dataStart, (int) expectedBytes).slice().order(order);
    return new NpyData(file, descr, kind, size, fortran, shape, data);
  }

  private static String descr(Path file, String header) {
    Matcher m = DESCR.matcher(header);
    if (!m.find()) {
      throw new UserError(file, "header field 'descr'",
          "missing in header " + OneLine.of(header));
    }
    if (m.group(3) != null) {
      throw new UserError(file, "header field 'descr'",
          "structured dtypes are not supported (expected a plain numeric array)");
    }
    return m.group(1) != null ? m.group(1) : m.group(2);
  }

  private static boolean fortranOrder(Path file, String header) {
    Matcher m = FORTRAN.matcher(header);
    if (!m.find()) {
      throw new UserError(file, "header field 'fortran_order'",
          "missing in header " + OneLine.of(header));
    }
    return m.group(1).equals("True");
  }

  private static int[] shape(Path file, String header) {
    Matcher m = SHAPE.matcher(header);
    if (!m.find()) {
      throw new UserError(file, "header field 'shape'",
          "missing in header " + OneLine.of(header));
    }
    String inside = m.group(1).trim();
    if (inside.isEmpty()) {
      return new int[0];
    }
    String[] parts = inside.split(",", -1);
    int n = parts.length;
    if (parts[n - 1].trim().isEmpty()) {
      n--; // trailing comma, as in (5,)
    }
    int[] shape = new int[n];
    for (int i = 0; i < n; i++) {
      String p = parts[i].trim();
      if (p.endsWith("L")) {
        p = p.substring(0, p.length() - 1); // Python 2 longs
      }
      if (!p.matches("\\d{1,10}") || Long.parseLong(p) > Integer.MAX_VALUE) {
        throw new UserError(file, "header field 'shape'",
            "'" + m.group(1) + "' is not a tuple of non-negative integers");
      }
      shape[i] = Integer.parseInt(p);
    }
    return shape;
  }

  private static boolean supported(char kind, int size) {
    return kind == 'f' ? size == 2 || size == 4 || size == 8
        : size == 1 || size == 2 || size == 4 || size == 8;
  }

  /** IEEE 754 binary16 to double. */
  static double halfToDouble(short bits) {
    int sign = (bits >> 15) & 1;
    int exponent = (bits >> 10) & 0x1f;
    int mantissa = bits & 0x3ff;
    double magnitude;
    if (exponent == 0) {
      magnitude = mantissa * 0x1p-24; // subnormal
    } else if (exponent == 31) {
      magnitude = mantissa == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    } else {
      magnitude = (1 + mantissa * 0x1p-10) * Math.scalb(1.0, exponent - 15);
    }
    return sign == 1 ? -magnitude : magnitude;
  }

}
