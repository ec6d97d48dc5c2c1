package dev.pate.datasets.csv;

/** What happens to a row with a missing value (a value listed in {@link CsvSchema#missing()}). */
public enum MissingPolicy {
  /** The row is dropped; the drops are counted per file and reported. */
  DROP,

  /**
   * The row is kept: a missing category is its own category (one more one-hot slot per column), a
   * missing number becomes 0 after scaling (the public pool's mean under standard scaling). A
   * missing label still drops the row, counted.
   */
  CATEGORY
}
