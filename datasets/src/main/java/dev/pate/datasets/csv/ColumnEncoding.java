package dev.pate.datasets.csv;

import java.util.List;
import java.util.Objects;

/** How one column becomes float features. */
public sealed interface ColumnEncoding {

  /** The column's name. */
  String column();

  /** Where the encoding's statistics came from. */
  StatSource source();

  /** Number of float features the column becomes. */
  int width();

  /**
   * A number scaled to {@code (x - center) / scale}; a missing number (policy {@code category})
   * becomes 0.
   *
   * @param method {@code standard}, {@code minmax}, {@code none} or {@code range} (fixed in the
   *     schema)
   */
  record Numeric(String column, String method, double center, double scale, StatSource source)
      implements ColumnEncoding {
    public Numeric {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(source, "source");
      if (!Double.isFinite(center) || !(scale > 0) || !Double.isFinite(scale)) {
        throw new IllegalArgumentException(
            "scale: " + column + " needs a finite center and a finite scale > 0");
      }
    }

    @Override
    public int width() {
      return 1;
    }

    float encode(double value) {
      return Double.isNaN(value) ? 0f : (float) ((value - center) / scale);
    }
  }

  /**
   * One-hot over {@code categories}; a value outside them (unseen) is all zeros and counted. With
   * {@code missingSlot} (policy {@code category}), a missing value has its own last slot.
   */
  record Categorical(String column, List<String> categories, boolean missingSlot,
      StatSource source) implements ColumnEncoding {
    public Categorical {
      Objects.requireNonNull(column, "column");
      categories = List.copyOf(categories);
      Objects.requireNonNull(source, "source");
    }

    @Override
    public int width() {
      return categories.size() + (missingSlot ? 1 : 0);
    }
  }
}
