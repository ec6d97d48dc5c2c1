package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.config.ConfigReference;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code pate config-reference} prints exactly the committed docs/configuration.md. */
class ConfigReferenceCommandTest {
  @Test
  void printsTheGeneratedReference() throws Exception {
    Captured printed = Captured.run("config-reference");
    assertEquals(0, printed.exitCode(), printed.err());
    assertEquals(ConfigReference.markdown(), printed.out());
    Path committed = Path.of(System.getProperty("pate.repo.root", "..")).resolve(
        ConfigReference.FILE);
    assertEquals(Files.readString(committed), printed.out(),
        "regenerate: " + ConfigReference.REGENERATE);
  }
}
