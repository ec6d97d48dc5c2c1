package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pate.datasets.TableDataset;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Encoding statistics come from the public pool or the schema, never from the private file. */
class TableEncodingTest {
  @TempDir Path dir;

  /** Public: pool rows 0..3 (ages 20, 30, 40, 50; jobs clerk, driver), held-out rows 4..5. */
  private Path publicFile() {
    return CsvFiles.write(dir, "public.csv",
        "age,job,id,y",
        "20,clerk,1,no",
        "30,driver,2,yes",
        "40,clerk,3,no",
        "50,driver,4,yes",
        "1000,pilot,5,no",
        "60,clerk,6,yes");
  }

  /** Private: values far from the public ones, and a category (chef) the public pool lacks. */
  private Path privateFile(String... extraRows) {
    String[] lines = new String[3 + extraRows.length];
    lines[0] = "age,job,id,y";
    lines[1] = "900,chef,7,yes";
    lines[2] = "800,clerk,8,no";
    System.arraycopy(extraRows, 0, lines, 3, extraRows.length);
    return CsvFiles.write(dir, "private.csv", lines);
  }

  private TableData load(CsvSchema schema, Path privateFile) {
    return TableLoader.load(schema, new CsvFile(privateFile, 0), new CsvFile(publicFile(), 0), 4);
  }

  @Test
  void scalingAndVocabulariesAreFittedOnThePublicPoolOnly() {
    TableData data = load(CsvFiles.schema(), privateFile());
    ColumnEncoding.Numeric age = (ColumnEncoding.Numeric) data.encoding().columns().get(0);
    // Pool ages 20..50: mean 35, population sd sqrt(125); the held-out 1000 and the private 900
    // and 800 must not move them.
    assertEquals(35.0, age.center(), 1e-12);
    assertEquals(Math.sqrt(125), age.scale(), 1e-12);
    assertEquals(StatSource.PUBLIC_POOL, age.source());
    ColumnEncoding.Categorical job = (ColumnEncoding.Categorical) data.encoding().columns().get(1);
    assertEquals(List.of("clerk", "driver"), job.categories(), "sorted, from the pool only");
    assertEquals(List.of("age", "job=clerk", "job=driver"), data.encoding().featureNames());

    // Changing the private file changes nothing in the encoding.
    TableData other = load(CsvFiles.schema(), privateFile("5,astronaut,9,yes", "7,chef,10,no"));
    assertEquals(data.encoding().columns(), other.encoding().columns());
  }

  @Test
  void unseenCategoriesAreAllZerosAndCountedPerSplit() {
    TableData data = load(CsvFiles.schema(), privateFile());
    TableDataset privateSet = data.privateSet();
    float[] chef = new float[3];
    privateSet.featuresAsFloats(0, chef, 0);
    assertArrayEquals(new float[] {(float) ((900 - 35) / Math.sqrt(125)), 0, 0}, chef, 1e-6f);
    float[] clerk = new float[3];
    privateSet.featuresAsFloats(1, clerk, 0);
    assertEquals(1f, clerk[1]);
    assertEquals(Map.of("job", 1), data.unseen().get("private"));
    assertEquals(Map.of("job", 0), data.unseen().get("pool"));
    assertEquals(Map.of("job", 1), data.unseen().get("held_out"), "pilot");
    assertEquals(4, data.publicSplit().pool().size());
    assertEquals(2, data.publicSplit().holdout().size());
    assertEquals(5, data.publicSplit().holdout().sourceIndex(1), "record number in the file");
  }

  @Test
  void vocabulariesAndRangesFixedInTheSchemaLookAtNoData() {
    CsvSchema s = CsvFiles.schema();
    CsvSchema fixed = new CsvSchema(s.columns(), s.delimiter(), s.label(), s.classes(),
        s.labelSuffix(), s.categorical(), s.numeric(), s.ignored(), s.missing(),
        s.missingPolicy(), s.scaling(), Map.of("job", List.of("pilot", "chef")),
        Map.of("age", new NumericRange(0, 1000)));
    TableData data = load(fixed, privateFile());
    ColumnEncoding.Numeric age = (ColumnEncoding.Numeric) data.encoding().columns().get(0);
    assertEquals(new ColumnEncoding.Numeric("age", "range", 0, 1000, StatSource.SCHEMA), age);
    ColumnEncoding.Categorical job = (ColumnEncoding.Categorical) data.encoding().columns().get(1);
    assertEquals(List.of("pilot", "chef"), job.categories());
    assertEquals(StatSource.SCHEMA, job.source());
    float[] chef = new float[3];
    data.privateSet().featuresAsFloats(0, chef, 0);
    assertArrayEquals(new float[] {0.9f, 0, 1}, chef, 1e-6f);
    assertEquals(Map.of("job", 4), data.unseen().get("pool"));
  }

  @Test
  void minMaxScalingAndMissingValuesAsACategory() {
    CsvSchema s = CsvFiles.schema(MissingPolicy.CATEGORY);
    CsvSchema minmax = new CsvSchema(s.columns(), s.delimiter(), s.label(), s.classes(),
        s.labelSuffix(), s.categorical(), s.numeric(), s.ignored(), s.missing(),
        s.missingPolicy(), Scaling.MINMAX, Map.of(), Map.of());
    TableData data = load(minmax, privateFile("?,?,9,no"));
    ColumnEncoding.Numeric age = (ColumnEncoding.Numeric) data.encoding().columns().get(0);
    assertEquals(20, age.center());
    assertEquals(30, age.scale());
    assertEquals(List.of("age", "job=clerk", "job=driver", "job=(missing)"),
        data.encoding().featureNames());
    float[] missing = new float[4];
    data.privateSet().featuresAsFloats(2, missing, 0);
    assertArrayEquals(new float[] {0, 0, 0, 1}, missing);
  }

  @Test
  void aPoolWithoutNumbersCannotFitAScale() {
    Path pub = CsvFiles.write(dir, "public.csv", "age,job,id,y", "?,clerk,1,no", "?,clerk,2,no",
        "3,clerk,3,no");
    CsvSchema s = CsvFiles.schema(MissingPolicy.CATEGORY);
    UserError e = assertThrows(UserError.class, () -> TableLoader.load(s,
        new CsvFile(privateFile(), 0), new CsvFile(pub, 0), 2));
    assertEquals(pub.toAbsolutePath() + ": column 'age' has no value in the public pool to fit"
        + " its scaling; fix its range in the schema (ranges)", e.getMessage());
  }

  @Test
  void aPoolThatLeavesNothingHeldOutIsRefused() {
    UserError e = assertThrows(UserError.class, () -> TableLoader.load(
        CsvFiles.schema(), new CsvFile(privateFile(), 0), new CsvFile(publicFile(), 0), 6));
    assertEquals(dir.resolve("public.csv") + ": keeps 6 rows, not more than the query pool of 6;"
        + " nothing would be left for the held-out evaluation set (lower the query pool, or give"
        + " dataset.csv.eval_file)",
        e.getMessage());
  }

  @Test
  void schemaChecksNameTheField() {
    CsvSchema s = CsvFiles.schema();
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> new CsvSchema(s.columns(), ",", "y", s.classes(), Optional.empty(),
            List.of("job"), List.of("job"), List.of(), List.of(), s.missingPolicy(),
            s.scaling(), Map.of(), Map.of()));
    assertEquals("numeric: column 'job' is also in categorical", twice.getMessage());
    IllegalArgumentException unlisted = assertThrows(IllegalArgumentException.class,
        () -> new CsvSchema(Optional.of(List.of("age", "job", "y")), ",", "y", s.classes(),
            Optional.empty(), List.of(), List.of("age"), List.of(), List.of(),
            s.missingPolicy(), s.scaling(), Map.of(), Map.of()));
    assertEquals("columns: column 'job' is neither the label nor in categorical, numeric or"
        + " ignored", unlisted.getMessage());
    IllegalArgumentException vocabulary = assertThrows(IllegalArgumentException.class,
        () -> new CsvSchema(s.columns(), ",", "y", s.classes(), Optional.empty(),
            List.of("job"), List.of("age"), List.of(), List.of(), s.missingPolicy(),
            s.scaling(), Map.of("age", List.of("x")), Map.of()));
    assertEquals("vocabularies: column 'age' is not one of the categorical columns",
        vocabulary.getMessage());
  }
}
