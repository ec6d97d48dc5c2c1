package dev.pate.datasets;

import java.util.Objects;

/**
 * The index map of a dataset view: view position to row of the shared arrays, or the identity over
 * all {@code rows} rows when the dataset is the whole source. Shared by every {@link Dataset}
 * implementation so that views behave the same for images and tables.
 */
final class Positions {
  private final int rows;

  /** View position to shared row; {@code null} for the identity. */
  private final int[] map;

  private Positions(int rows, int[] map) {
    this.rows = rows;
    this.map = map;
  }

  /** The identity over {@code rows} rows. */
  static Positions all(int rows) {
    return new Positions(rows, null);
  }

  int size() {
    return map == null ? rows : map.length;
  }

  /** The shared row of view position {@code index}. */
  int row(int index) {
    if (map == null) {
      return Objects.checkIndex(index, rows);
    }
    return map[index];
  }

  /**
   * The positions of the view {@code indices} of this one.
   *
   * @param owner names the dataset in the message of a bad index
   */
  Positions subset(int[] indices, String owner) {
    int n = size();
    int[] mapped = new int[indices.length];
    for (int k = 0; k < indices.length; k++) {
      int i = indices[k];
      if (i < 0 || i >= n) {
        throw new IndexOutOfBoundsException(
            "indices[" + k + "]: " + i + " is not in 0.." + (n - 1) + " (" + owner + ")");
      }
      mapped[k] = row(i);
    }
    return new Positions(rows, mapped);
  }
}
