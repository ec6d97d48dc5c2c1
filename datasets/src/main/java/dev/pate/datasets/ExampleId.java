package dev.pate.datasets;

import java.util.Objects;

/**
 * Global identity of one example: the source split it was read from (e.g. {@code "mnist/train"})
 * and its index in that split's file. Two examples are the same data point exactly when their ids
 * are equal, whatever subsets or views they were reached through; this is what {@link
 * dev.pate.datasets.split.Disjointness} compares.
 *
 * @param split name of the source split, e.g. {@code "mnist/train"}; not blank, no {@code '#'}
 * @param index zero-based position in the source split's file
 */
public record ExampleId(String split, int index) {

  public ExampleId {
    Objects.requireNonNull(split, "split");
    if (split.isBlank() || split.indexOf('#') >= 0) {
      throw new IllegalArgumentException("split: '" + split + "' must be non-blank without '#'");
    }
    if (index < 0) {
      throw new IllegalArgumentException("index: " + index + " is not >= 0");
    }
  }

  /** Parses the {@link #toString()} form {@code "split#index"}. */
  public static ExampleId parse(String text) {
    int hash = text.lastIndexOf('#');
    if (hash <= 0 || hash == text.length() - 1) {
      throw new IllegalArgumentException(
          "example id: '" + text + "' is not of the form split#index");
    }
    try {
      return new ExampleId(text.substring(0, hash), Integer.parseInt(text.substring(hash + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("example id: '" + text + "' has a non-numeric index", e);
    }
  }

  /** The form {@code "mnist/train#123"}. */
  @Override
  public String toString() {
    return split + "#" + index;
  }
}
