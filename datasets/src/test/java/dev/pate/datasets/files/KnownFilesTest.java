package dev.pate.datasets.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pate.datasets.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class KnownFilesTest {
  private static final Pattern SECTION = Pattern.compile("^## (\\S+)/ .*");
  private static final Pattern ROW =
      Pattern.compile("^\\| (\\S+) \\| (\\d+) \\| [0-9a-f]{32} \\| ([0-9a-f]{64}) \\|$");

  /** "dataset/file" to "size sha256", from the tables of shared/data/README.md. */
  private static Map<String, String> readmeTable() throws IOException {
    Map<String, String> table = new TreeMap<>();
    String section = null;
    for (String line : Files.readAllLines(SharedData.dir().resolve("README.md"))) {
      Matcher heading = SECTION.matcher(line);
      if (heading.matches()) {
        section = heading.group(1);
      }
      Matcher row = ROW.matcher(line);
      if (row.matches() && section != null) {
        table.put(section + "/" + row.group(1), row.group(2) + " " + row.group(3));
      }
    }
    return table;
  }

  @Test
  void tableMatchesTheSharedDataReadme() throws IOException {
    Map<String, String> readme = readmeTable();
    assertFalse(readme.isEmpty(), "no file table found in README.md");
    Map<String, String> known = new TreeMap<>();
    for (String dataset : KnownFiles.datasets()) {
      for (DataFile file : KnownFiles.of(dataset)) {
        known.put(file.relativePath(), file.sizeBytes() + " " + file.sha256());
      }
    }
    assertEquals(readme, known);
  }

  @Test
  void sharedFilesHaveThePinnedSizeAndHash() throws IOException {
    for (String dataset : KnownFiles.datasets()) {
      for (DataFile file : KnownFiles.of(dataset)) {
        Path path = SharedData.dir().resolve(file.relativePath());
        assertEquals(file.sizeBytes(), Files.size(path), file.relativePath());
        Checksums.verify(path, file);
      }
    }
  }

  @Test
  void everyImageFileHasDownloadSources() {
    for (String dataset : new String[] {"mnist", "fashion-mnist"}) {
      for (DataFile file : KnownFiles.of(dataset)) {
        assertFalse(file.sources().isEmpty(), file.relativePath());
        assertEquals(
            file.fileName(), Path.of(file.sources().get(0).getPath()).getFileName().toString());
      }
    }
  }

  @Test
  void unknownNamesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> KnownFiles.of("svhn"));
    assertThrows(IllegalArgumentException.class, () -> KnownFiles.get("mnist", "x.gz"));
  }
}
