package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.RunConfig;
import dev.pate.config.StudyLoader;
import dev.pate.pipeline.PatePipeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file in experiments/ is ready to run: it loads (a run config as a study of one point,
 * every point's config checked), and its first point passes the checks a run makes before it
 * reads any data (its noise planned for its budget, its release if it makes one), as {@code
 * --dry-run} checks them. Every point of the frontier studies is checked so by {@link
 * FrontierExperimentsTest}. A file added there without a test of its own is checked here.
 * Nothing is trained.
 */
class ExperimentFilesTest {
  @Test
  void everyExperimentFileLoadsAndItsFirstPointPassesItsChecks() throws IOException {
    Path folder = Path.of(System.getProperty("pate.repo.root", ".."), "experiments");
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    List<String> refused = new ArrayList<>();
    for (Path file : files) {
      try {
        RunConfig first = StudyLoader.load(file, List.of()).first();
        PatePipeline.builder(first).build().checkPlan();
      } catch (RuntimeException e) {
        refused.add(file.getFileName() + ": " + e.getMessage());
      }
    }
    assertTrue(refused.isEmpty(), String.join("\n", refused));
    assertTrue(files.size() >= 10, files.size() + " files in " + folder);
  }
}
