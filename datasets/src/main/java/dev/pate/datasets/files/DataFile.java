package dev.pate.datasets.files;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One file of a known dataset, as published.
 *
 * @param dataset folder name of the dataset inside a data directory, e.g. {@code "mnist"}
 * @param fileName file name inside that folder, e.g. {@code "train-images-idx3-ubyte.gz"}
 * @param sizeBytes exact size in bytes
 * @param sha256 pinned SHA-256, 64 lowercase hex digits
 * @param sources standard download URLs (mirrors), tried in order; may be empty
 */
public record DataFile(
    String dataset, String fileName, long sizeBytes, String sha256, List<URI> sources) {

  public DataFile {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(fileName, "fileName");
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("sizeBytes: " + sizeBytes + " is not >= 0");
    }
    sha256 = sha256.toLowerCase(Locale.ROOT);
    if (!sha256.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("sha256: '" + sha256 + "' is not 64 hex digits");
    }
    sources = List.copyOf(sources);
  }

  /** {@code dataset/fileName}, the path relative to a data directory, with '/' separators. */
  public String relativePath() {
    return dataset + "/" + fileName;
  }
}
