package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.config.StudyLoader;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.RunPlace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file in experiments/ is ready to run: a run config loads and passes the checks a run
 * makes before it reads any data (its noise planned for its budget, its release if it makes one);
 * a study loads (its points are checked by {@link FrontierExperimentsTest} where they are a
 * frontier's). A file added there without a test of its own is checked here. Nothing is trained.
 */
class ExperimentFilesTest {
  @TempDir Path out;

  @Test
  void everyExperimentFileLoadsAndEveryRunPassesItsChecks() throws IOException {
    Path folder = Path.of(System.getProperty("pate.repo.root", ".."), "experiments");
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    List<String> refused = new ArrayList<>();
    int runs = 0;
    for (Path file : files) {
      try {
        if (isStudy(file)) {
          StudyLoader.load(file, List.of());
          continue;
        }
        RunConfig config = ConfigLoader.load(file, List.of());
        PatePipeline.builder(config).place(RunPlace.newRun(out)).build().checkPlan();
        runs++;
      } catch (RuntimeException e) {
        refused.add(file.getFileName() + ": " + e.getMessage());
      }
    }
    assertTrue(refused.isEmpty(), String.join("\n", refused));
    assertTrue(runs >= 5, runs + " run configs checked in " + folder);
  }

  private static boolean isStudy(Path file) throws IOException {
    return Files.readAllLines(file).stream().anyMatch(line -> line.startsWith("sweep:"));
  }
}
