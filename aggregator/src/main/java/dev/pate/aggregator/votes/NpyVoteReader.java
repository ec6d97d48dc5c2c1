package dev.pate.aggregator.votes;

import dev.pate.files.UserError;
import dev.pate.files.npy.NpyData;
import dev.pate.files.npy.NpyReader;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads vote matrices and index lists from NumPy {@code .npy} files, through the one npy reader
 * of module files ({@link NpyReader}: versions 1.0 to 3.0, float and integer
 * dtypes, either byte order, C or Fortran order), whose format problems are {@link
 * UserError}s naming the file and the header field.
 */
public final class NpyVoteReader {
  private NpyVoteReader() {}

  /** A vote matrix: a 2-D array of counts (queries x classes). */
  public static VoteMatrix readVotes(Path file) {
    NpyData array = read(file);
    int[] shape = array.shape();
    if (shape.length != 2) {
      throw new UserError(file, "header field 'shape'", "shape " + array.shapeText()
          + " has " + shape.length + " dimension(s), expected 2 (queries, classes)");
    }
    if (shape[0] < 1) {
      throw new UserError(file, "header field 'shape'",
          "shape " + array.shapeText() + " has no queries, expected at least one row");
    }
    if (shape[1] < 2) {
      throw new UserError(file, "header field 'shape'", "shape " + array.shapeText()
          + " has " + shape[1] + " class(es), expected at least 2");
    }
    double[] values = array.values();
    for (int i = 0; i < values.length; i++) {
      String problem = VoteMatrix.recordedCountProblem(values[i]);
      if (problem != null) {
        throw new UserError(
            file, "row " + i / shape[1] + ", column " + i % shape[1], problem);
      }
    }
    return VoteMatrix.ofRowMajor(values, shape[0], shape[1]);
  }

  /**
   * Row indices (e.g. the queries a student actually made): a 1-D array of an integer type, every
   * entry in {@code [0, 2^31 - 1)}. Whether they fit a vote matrix is checked by {@link
   * VoteMatrix#rows(int[])}.
   */
  public static int[] readIndices(Path file) {
    NpyData array = read(file);
    if (array.shape().length != 1) {
      throw new UserError(file, "header field 'shape'", "shape " + array.shapeText()
          + " has " + array.shape().length + " dimension(s), expected 1 (a list of row indices)");
    }
    if (!array.integerType()) {
      throw new UserError(file, "header field 'descr'", "dtype '" + array.descr()
          + "' is not an integer type, expected row indices (e.g. <i8)");
    }
    double[] values = array.values();
    int[] indices = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      if (v < 0 || v >= Integer.MAX_VALUE) {
        throw new UserError(file, "element [" + i + "]",
            (long) v + " is not a row index (expected 0 <= index < " + Integer.MAX_VALUE + ")");
      }
      indices[i] = (int) v;
    }
    return indices;
  }

  /** Any supported array, its format problems reported by the npy reader as {@link UserError}s. */
  private static NpyData read(Path file) {
    try {
      return NpyReader.read(file);
    } catch (IOException e) {
      throw UserError.unreadable(file, e);
    }
  }
}
