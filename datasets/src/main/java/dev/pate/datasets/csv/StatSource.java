package dev.pate.datasets.csv;

/** Where the statistics of a column's encoding came from; never the private data. */
public enum StatSource {
  /** Fitted on the public pool (the public file's rows queries are drawn from). */
  PUBLIC_POOL,

  /** Fixed in the schema (a vocabulary, a range, or scaling {@code none}): no data was looked at. */
  SCHEMA
}
