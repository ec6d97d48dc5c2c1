package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --resume} given the folder of a config's runs rather than one run (issue 30). */
class ResumeFolderTest {
  @TempDir Path dir;

  @Test
  void aFolderOfRunsIsRefusedListingTheRuns() throws IOException {
    Path runs = dir.resolve("runs/tiny");
    for (String stamp : new String[] {"20260101T000000Z", "20260102T000000Z"}) {
      Files.createDirectories(runs.resolve(stamp));
      Files.writeString(runs.resolve(stamp).resolve("config.yaml"), RunCommandTest.TINY);
    }
    Captured resumed = Captured.run("run", "--resume", runs.toString());
    ReleaseTest.assertOneLine(resumed, "a folder of 2 runs; give one of them: "
        + runs.resolve("20260101T000000Z") + ", " + runs.resolve("20260102T000000Z"));
    assertTrue(!resumed.err().contains("no such file"), resumed.err());
  }
}
