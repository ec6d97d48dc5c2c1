package dev.pate.datasets.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small CSV files written by tests, and the schema most tests use. */
final class CsvFiles {
  private CsvFiles() {}

  /** Writes {@code lines} (each ended by a newline) as UTF-8. */
  static Path write(Path dir, String name, String... lines) {
    StringBuilder text = new StringBuilder();
    for (String line : lines) {
      text.append(line).append('\n');
    }
    return writeBytes(dir, name, text.toString().getBytes(StandardCharsets.UTF_8));
  }

  static Path writeBytes(Path dir, String name, byte[] bytes) {
    try {
      return Files.write(dir.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Columns {@code age} (numeric), {@code job} (categorical), {@code id} (ignored), {@code y}
   * (label, classes no/yes); header in the file; {@code ?} marks a missing value.
   */
  static CsvSchema schema(MissingPolicy policy) {
    return new CsvSchema(Optional.empty(), ",", "y", List.of("no", "yes"), Optional.of("."),
        List.of("job"), List.of("age"), List.of("id"), List.of("?"), policy, Scaling.STANDARD,
        Map.of(), Map.of());
  }

  static CsvSchema schema() {
    return schema(MissingPolicy.DROP);
  }
}
