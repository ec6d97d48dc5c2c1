package dev.pate.aggregator.votes;

/**
 * The contents of a NumPy {@code .npy} file: its shape and its elements as doubles in C (row-major)
 * order, whatever order and element type the file used. Integer elements up to 2^53 in magnitude
 * convert exactly.
 *
 * @param descr the file's dtype string, e.g. {@code <f8} or {@code <i8}
 * @param integerType whether the dtype is an integer type (signed or unsigned)
 */
public record NpyArray(String descr, boolean integerType, int[] shape, double[] values) {
  public NpyArray {
    shape = shape.clone();
    values = values.clone();
  }

  @Override
  public int[] shape() {
    return shape.clone();
  }

  /** A copy of the elements, C order. */
  @Override
  public double[] values() {
    return values.clone();
  }

  /** The shape as NumPy prints it, e.g. {@code (26032, 10)}. */
  public String shapeText() {
    return dev.pate.files.npy.NpyData.shapeText(shape);
  }
}
