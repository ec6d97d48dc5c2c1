package dev.pate.aggregator.votes;

import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.Locale;

/** Reads votes and row indices by file type ({@code .npy} or {@code .csv}). */
public final class VoteFiles {
  private VoteFiles() {}

  /** A vote matrix from a {@code .npy} (2-D) or {@code .csv} file. */
  public static VoteMatrix read(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".npy")) {
      return NpyVoteReader.readVotes(file);
    }
    if (lower.endsWith(".csv")) {
      return CsvVoteReader.read(file);
    }
    throw new UserError(file, null, "unknown file type, expected a .npy or .csv file");
  }

  /** Row indices from a 1-D integer {@code .npy} file. */
  public static int[] readIndices(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (!name.toLowerCase(Locale.ROOT).endsWith(".npy")) {
      throw new UserError(file, null,
          "unknown file type for indices, expected a 1-D integer .npy file");
    }
    return NpyVoteReader.readIndices(file);
  }
}
