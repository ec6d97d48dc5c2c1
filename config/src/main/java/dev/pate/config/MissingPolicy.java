package dev.pate.config;

/** What happens to a CSV row with a missing value (key {@code dataset.csv.missing_policy}). */
public enum MissingPolicy implements Choice {
  /** The row is dropped; drops are counted per file in the report. */
  DROP,

  /** A missing category is a category of its own; a missing number becomes 0 after scaling. */
  CATEGORY;
}
