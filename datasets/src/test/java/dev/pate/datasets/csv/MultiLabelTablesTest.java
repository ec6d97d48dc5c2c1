package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.multilabel.MultiLabelTable;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-label tables: 0/1 label columns read as label sets, features encoded as a single-label
 * table's are, and every bad input one line naming the file and line (or the field).
 */
class MultiLabelTablesTest {
  @TempDir Path dir;

  private static CsvSchema schema(List<String> labels) {
    return new CsvSchema(Optional.empty(), ",", new CsvLabels.MultiHot(labels), List.of("job"),
        List.of("age"), List.of(), List.of("?"), MissingPolicy.DROP, Scaling.STANDARD, Map.of(),
        Map.of());
  }

  private Path privateFile() {
    return CsvFiles.write(dir, "private.csv",
        "age,job,a,b,c",
        "30,clerk,1,0,1",
        "41,driver,0,?,0",
        "52,clerk,0,1,1");
  }

  private Path publicFile() {
    return CsvFiles.write(dir, "public.csv",
        "age,job,a,b,c",
        "20,clerk,1,1,0",
        "40,driver,0,0,0",
        "60,clerk,0,0,1",
        "35,driver,1,1,1");
  }

  private MultiLabelTables load(Path privateFile, Path publicFile) {
    return TableLoader.loadMultiLabel(schema(List.of("a", "b", "c")), new CsvFile(privateFile, 0),
        new CsvFile(publicFile, 0), Optional.empty(), 3);
  }

  @Test
  void labelColumnsAreReadAsLabelSetsAndFeaturesEncodedAsASingleLabelTableIs() {
    MultiLabelTables tables = load(privateFile(), publicFile());
    MultiLabelTable rows = tables.privateRows();
    assertEquals(List.of("a", "b", "c"), rows.labelNames());
    // Row 2 has a missing label ('?'): dropped and counted, the others keep their record numbers.
    assertArrayEquals(new int[] {0b101, 0b110}, rows.labelMasks());
    assertArrayEquals(new int[] {0, 2}, tables.privateRecords());
    assertEquals(1, tables.privateFile().droppedMissing());
    assertArrayEquals(new int[] {0b011, 0b000, 0b100}, tables.pool().labelMasks());
    assertArrayEquals(new int[] {0b111}, tables.heldOut().labelMasks());
    assertArrayEquals(new int[] {1, 0, 1}, rows.multiHot(0));

    // The same feature columns with one class column instead: the same encoded features.
    Path singlePrivate = CsvFiles.write(dir, "single-private.csv",
        "age,job,y", "30,clerk,yes", "52,clerk,no");
    Path singlePublic = CsvFiles.write(dir, "single-public.csv",
        "age,job,y", "20,clerk,yes", "40,driver,no", "60,clerk,no", "35,driver,yes");
    CsvSchema single = new CsvSchema(Optional.empty(), ",", "y", List.of("no", "yes"),
        Optional.empty(), List.of("job"), List.of("age"), List.of(), List.of("?"),
        MissingPolicy.DROP, Scaling.STANDARD, Map.of(), Map.of());
    TableData singleData = TableLoader.load(single, new CsvFile(singlePrivate, 0),
        new CsvFile(singlePublic, 0), 3);
    assertEquals(singleData.encoding().featureNames(), rows.featureNames());
    float[] expected = new float[2 * rows.featureCount()];
    singleData.privateSet().featuresAsFloats(0, 2, expected, 0);
    assertArrayEquals(expected, rows.features());
    assertTrue(rows.sources().get(1).get(0).endsWith("private.csv#2"), rows.sources().toString());
  }

  /** The message of the UserError {@code load} throws, after checking its form. */
  private String error(Path file, Path publicFile) {
    UserError e = assertThrows(UserError.class, () -> load(file, publicFile));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void aLabelValueOtherThanZeroOrOneNamesFileLineAndColumn() {
    Path bad = CsvFiles.write(dir, "bad.csv", "age,job,a,b,c", "30,clerk,1,0,1",
        "41,driver,0,2,0");
    assertEquals(bad + " line 3: column 'b': '2' is not 0 or 1 (a label column of a multi-label"
        + " table says whether its label applies)", error(bad, publicFile()));
    Path yes = CsvFiles.write(dir, "yes.csv", "age,job,a,b,c", "30,clerk,yes,0,1");
    assertTrue(error(yes, publicFile()).startsWith(yes + " line 2: column 'a': 'yes' is not 0"
        + " or 1"));
  }

  @Test
  void aMissingLabelColumnNamesTheFileAndTheColumn() {
    Path noC = CsvFiles.write(dir, "no-c.csv", "age,job,a,b", "30,clerk,1,0");
    assertEquals(noC + " line 1: header has no column 'c' (columns: [age, job, a, b])",
        error(noC, publicFile()));
  }

  @Test
  void aPoolRowWithoutItsLabelSetIsRefusedNamingTheRecord() {
    Path pool = CsvFiles.write(dir, "pool.csv", "age,job,a,b,c", "20,clerk,1,,0",
        "40,driver,0,0,0", "60,clerk,0,0,1", "35,driver,1,1,1");
    String message = error(privateFile(), pool);
    assertTrue(message.startsWith(pool + ": record 0 (counting from 0 after the skipped lines and"
        + " the header) has no label set"), message);
  }

  @Test
  void aLabelColumnThatIsAlsoAFeatureOrListedTwiceIsRefusedNamingTheField() {
    IllegalArgumentException feature = assertThrows(IllegalArgumentException.class,
        () -> new CsvSchema(Optional.empty(), ",", new CsvLabels.MultiHot(List.of("a", "age")),
            List.of("job"), List.of("age"), List.of(), List.of(), MissingPolicy.DROP,
            Scaling.STANDARD, Map.of(), Map.of()));
    assertEquals("numeric: column 'age' is also a label column", feature.getMessage());
    assertEquals("labels: 'a' is listed twice", assertThrows(IllegalArgumentException.class,
        () -> new CsvLabels.MultiHot(List.of("a", "b", "a"))).getMessage());
    List<String> many = new java.util.ArrayList<>();
    for (int j = 0; j <= CsvLabels.MultiHot.MAX_LABELS; j++) {
      many.add("l" + j);
    }
    assertEquals("labels: 31 columns, expected 1 to 30", assertThrows(
        IllegalArgumentException.class, () -> new CsvLabels.MultiHot(many)).getMessage());
  }

  @Test
  void aSingleLabelSchemaHasNoLabelSetsAndAMultiLabelOneNoClasses() {
    assertThrows(IllegalStateException.class, () -> schema(List.of("a")).classes());
    assertThrows(IllegalArgumentException.class, () -> TableLoader.load(schema(List.of("a")),
        new CsvFile(privateFile(), 0), new CsvFile(publicFile(), 0), 3));
  }
}
