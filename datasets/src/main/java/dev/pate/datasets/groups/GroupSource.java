package dev.pate.datasets.groups;

import dev.pate.files.DpPreconditions;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Where the group of each private record is read from. */
public sealed interface GroupSource {

  /**
   * A column of the private CSV file, holding each record's group name; it must be one of the
   * schema's ignored columns (never a feature).
   */
  record Column(String column) implements GroupSource {
    public Column {
      Objects.requireNonNull(column, "column");
    }
  }

  /**
   * A file with one entry per record of the private file, by position: a 1-dimensional integer
   * {@code .npy} (group indices in declaration order) or a text/CSV file with one group name per
   * line.
   */
  record RecordFile(Path file) implements GroupSource {
    public RecordFile {
      Objects.requireNonNull(file, "file");
    }
  }

  /**
   * Simulated consent, for studies on data without a group column: each record's group drawn
   * from the run's seed and its position only, in these proportions ({@link GroupDraw}).
   *
   * @param proportions each group's share, by name, summing to 1
   */
  record Draw(Map<String, Double> proportions) implements GroupSource {
    public Draw {
      proportions = Collections.unmodifiableMap(new LinkedHashMap<>(proportions));
      DpPreconditions.checkAtLeast(proportions.size(), 1, "proportions (draw)");
    }
  }

  /**
   * For a folder of images: the group of each class folder (top-level folder), by folder name.
   */
  record Folders(Map<String, String> groupOfFolder) implements GroupSource {
    public Folders {
      groupOfFolder = Collections.unmodifiableMap(new LinkedHashMap<>(groupOfFolder));
      DpPreconditions.checkAtLeast(groupOfFolder.size(), 1, "groupOfFolder (folders)");
    }
  }
}
