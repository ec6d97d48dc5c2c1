package dev.pate.pipeline.release;

import dev.pate.datasets.files.Checksums;
import dev.pate.datasets.images.ImageSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which examples of an evaluation the student learnt from: those at its query pool's positions
 * in the run's own public file (recognised by content, so a copy or another path of it counts). An
 * accuracy over them is not a held-out accuracy, so {@code pate evaluate} refuses them unless
 * told to allow them.
 */
public final class PoolRows {
  private PoolRows() {}

  /**
   * How many of {@code examples}, read from {@code input} (with {@code labels}), were the
   * student's pool; 0 for a release that does not name its pool (older, or of data given in
   * code) and for any other file.
   */
  public static int among(ReleasedModel model, Path input, Optional<Path> labels,
      ReleasedModel.Examples examples) {
    return among(model.manifest().evaluation().pool(), input, labels, examples.positions());
  }

  /**
   * How many of the examples at {@code positions} of {@code input} (with {@code labels}) were the
   * student's {@code pool}; 0 when {@code pool} is null (a release that does not name it) and for
   * any other file. Multi-label releases name their pool the same way.
   */
  public static int among(ReleaseManifest.Pool pool, Path input, Optional<Path> labels,
      int[] positions) {
    if (pool == null) {
      return 0;
    }
    int atPoolPositions = pool.count(positions);
    // Hashing a large file is the slow part: only when positions say it may matter.
    if (atPoolPositions == 0 || pool.sha256().stream().noneMatch(hashes(input, labels)::contains)) {
      return 0;
    }
    return atPoolPositions;
  }

  /** The hashes a run may know {@code input} by, as {@code Provenance} hashes each kind. */
  private static Set<String> hashes(Path input, Optional<Path> labels) {
    if (Files.isDirectory(input)) {
      return Set.of(new ImageSource.Folder(input).sha256());
    }
    Set<String> hashes = new HashSet<>();
    hashes.add(Checksums.sha256(input)); // a CSV file, a built-in dataset's file
    hashes.add(new ImageSource.Arrays(input, labels).sha256()); // an array file with its labels
    hashes.add(new ImageSource.Arrays(input, Optional.empty()).sha256()); // an unlabelled one
    return hashes;
  }
}
