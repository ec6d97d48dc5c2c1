package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.config.CsvConfig;
import dev.pate.config.RunConfig;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pate inspect} prints a proposal that loads as a run config as it is. */
class InspectCommandTest {
  @TempDir Path dir;

  private String inspect(String... args) {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, Main.execute(args));
    } finally {
      System.setOut(original);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void proposalLoadsAsARunConfigWithTheInferredSchema() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 200, 1, 10, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 100, 2, 0, ".");
    String yaml = inspect("inspect", privateFile.toString(), "--public", publicFile.toString());
    assertTrue(yaml.startsWith("# Proposed by `pate inspect "), yaml);
    assertTrue(yaml.contains("# PRIVATE: the counts and values below are raw statistics of"
        + " private.csv, not privacy-protected"), yaml);
    assertTrue(yaml.contains("# colour               categorical          3       20"), yaml);

    RunConfig config = ConfigLoader.parse(yaml, "adult.yaml", List.of());
    CsvConfig csv = config.dataset().csv().orElseThrow();
    assertEquals(privateFile, csv.privateFile());
    assertEquals(publicFile, csv.publicFile());
    assertEquals(Optional.empty(), csv.columns(), "the file has a header");
    assertEquals(Optional.of("income"), csv.label());
    assertEquals(List.of("high", "low"), csv.classes());
    assertEquals(Optional.of("."), csv.stripLabelSuffix());
    assertEquals(List.of("colour"), csv.categorical());
    assertEquals(List.of("id", "hours"), csv.numeric());
    assertEquals(List.of("?"), csv.missing());
    assertEquals(60, config.dataset().queryPool(), "three fifths of the public records");
    assertEquals(60, config.aggregator().queries(), "no more than the pool holds");
  }

  @Test
  void givenColumnNamesAndDelimiterAreUsed() throws IOException {
    Path file = java.nio.file.Files.writeString(dir.resolve("t.csv"), "1;a;x\n2;b;y\n3;a;y\n");
    String yaml = inspect("inspect", file.toString(), "--delimiter", ";", "--columns",
        "n,letter,class");
    RunConfig config = ConfigLoader.parse(
        yaml.replace("public_file: null", "public_file: t.csv"), "t.yaml", List.of());
    CsvConfig csv = config.dataset().csv().orElseThrow();
    assertEquals(Optional.of(List.of("n", "letter", "class")), csv.columns());
    assertEquals(";", csv.delimiter());
    assertEquals(Optional.of("class"), csv.label());
  }
}
