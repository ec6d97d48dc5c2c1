package dev.pate.datasets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** Locates the shared read-only data folder beside the checkout, as Surefire is configured to. */
public final class SharedData {
  private SharedData() {}

  /** {@code <pate.repo.root>/../shared/data}, failing clearly if it is not there. */
  public static Path dir() {
    String root =
        Objects.requireNonNull(
            System.getProperty("pate.repo.root"),
            "system property pate.repo.root is not set (Surefire sets it to the checkout root)");
    Path dir = Path.of(root, "..", "shared", "data").toAbsolutePath().normalize();
    if (!Files.isDirectory(dir.resolve("mnist"))) {
      throw new IllegalStateException("shared data not found at " + dir);
    }
    return dir;
  }
}
