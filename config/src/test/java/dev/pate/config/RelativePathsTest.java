package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a relative path of a config resolves: a data path written in a YAML file beside that file
 * (when it is there), one given as a {@code key=value} override in the working directory, and the
 * output folder always in the working directory.
 */
class RelativePathsTest {
  @TempDir Path dir;

  private Path configFile() throws IOException {
    Files.createDirectories(dir.resolve("shapes/private"));
    Files.createDirectories(dir.resolve("shapes/pool"));
    Files.createDirectories(dir.resolve("runs"));
    return Files.writeString(dir.resolve("shapes.yaml"), ("name: shapes\n"
        + ImagesConfigTest.FOLDERS.replace("scans/private", "shapes/private")
            .replace("scans/pool", "shapes/pool")).replace("name: images",
        "name: images\n  data_dir: shapes"));
  }

  @Test
  void aDataPathInAYamlFileIsLookedUpInTheFilesFolder() throws IOException {
    RunConfig config = ConfigLoader.load(configFile(), List.of());
    ImagesConfig images = config.dataset().images().orElseThrow();
    assertEquals(Optional.of(dir.resolve("shapes/private")), images.privateDir());
    assertEquals(Optional.of(dir.resolve("shapes/pool")), images.publicDir());
    assertEquals(Optional.of(dir.resolve("shapes")), config.dataset().dataDir());
    // not beside the file: kept as written, for the data directories (adult/adult.data, say)
    assertEquals(Optional.of(Path.of("scans/eval")), images.evalDir());
    // where results go is the working directory's business, whatever is beside the file
    assertEquals(Path.of("runs"), config.output().dir());
  }

  @Test
  void aDataPathGivenAsAnOverrideStaysRelativeToTheWorkingDirectory() throws IOException {
    RunConfig config = ConfigLoader.load(configFile(),
        List.of("dataset.images.private_dir=shapes/pool"));
    assertEquals(Optional.of(Path.of("shapes/pool")),
        config.dataset().images().orElseThrow().privateDir());
  }

  @Test
  void aStudyFileResolvesItsDataPathsBesideItToo() throws IOException {
    Path file = configFile();
    Files.writeString(file, Files.readString(file) + "sweep:\n  seeds: [1, 2]\n");
    Study study = StudyLoader.load(file, List.of());
    assertEquals(Optional.of(dir.resolve("shapes/private")),
        study.points().get(1).config().dataset().images().orElseThrow().privateDir());
  }
}
