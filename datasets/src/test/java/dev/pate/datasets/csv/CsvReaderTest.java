package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a CSV file can be wrong gives one line naming the file and line, or is handled. */
class CsvReaderTest {
  @TempDir Path dir;

  private RawTable read(Path file) {
    return CsvReader.read(new CsvFile(file, 0), CsvFiles.schema());
  }

  /** The message of the error reading {@code lines} as data.csv, after checking its form. */
  private String error(String... lines) {
    Path file = CsvFiles.write(dir, "data.csv", lines);
    UserError e = assertThrows(UserError.class, () -> read(file));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    return e.getMessage().substring(file.toString().length());
  }

  @Test
  void readsAWellFormedFile() {
    Path file = CsvFiles.write(dir, "data.csv",
        "age, job, id, y",
        "30, \"clerk, senior\", 1, yes",
        "",
        "41, driver, 2, no.",
        "52.5, clerk, 3, no");
    RawTable table = read(file);
    assertEquals(3, table.rows());
    assertArrayEquals(new int[] {1, 0, 0}, table.labels());
    assertArrayEquals(new int[] {0, 1, 2}, table.records());
    assertEquals(List.of("clerk, senior", "driver", "clerk"), table.categoricalColumn(0));
    assertArrayEquals(new double[] {30, 41, 52.5}, table.numericColumn(0));
    FileSummary summary = table.summary();
    assertTrue(summary.header());
    assertEquals(3, summary.records());
    assertEquals(0, summary.droppedMissing());
    assertEquals(64, summary.sha256().length());
  }

  @Test
  void raggedRowNamesTheLineAndBothCounts() {
    assertEquals(" line 3: 3 fields, expected 4",
        error("age,job,id,y", "30,clerk,1,yes", "41,driver,no"));
    assertEquals(" line 2: 5 fields, expected 4 (a value holding the delimiter must be quoted"
        + " with \")", error("age,job,id,y", "30,clerk, senior,1,yes"));
  }

  @Test
  void nonNumberInANumericColumnNamesLineColumnAndValue() {
    assertEquals(" line 3: column 'age': 'forty' is not a number (if it marks a missing value,"
        + " list it in missing)", error("age,job,id,y", "30,clerk,1,yes", "forty,clerk,2,no"));
    assertEquals(" line 2: column 'age': '' is not a number (list \"\" in missing if empty means"
        + " missing)", error("age,job,id,y", ",clerk,1,yes"));
    assertEquals(" line 2: column 'age': '1e999' is too large",
        error("age,job,id,y", "1e999,clerk,1,yes"));
    assertTrue(error("age,job,id,y", "0x10,clerk,1,yes").contains("'0x10' is not a number"));
  }

  /**
   * A long run of digits that is not a number is rejected after reading each character a bounded
   * number of times: the number pattern backtracked quadratically before (about n * n / 2 reads,
   * 10 seconds for 30000 digits). Measured by counting the characters the pattern reads, so the
   * test compares sizes, not times.
   */
  @Test
  void aHugeNonNumberIsRejectedInLinearWork() {
    String digits = "1".repeat(60_000);
    assertTrue(error("age,job,id,y", digits + "x,clerk,1,yes").contains("is not a number"));
    for (int length : new int[] {1_000, 60_000}) {
      CountingText text = new CountingText("1".repeat(length) + "x");
      assertFalse(CsvText.isNumber(text));
      assertTrue(text.reads <= 4L * text.length(),
          text.reads + " characters read for " + text.length());
    }
  }

  /** Text that counts how many characters are read from it. */
  private static final class CountingText implements CharSequence {
    private final String text;
    long reads;

    CountingText(String text) {
      this.text = text;
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public char charAt(int index) {
      reads++;
      return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  @Test
  void unseenLabelNamesLineAndClasses() {
    assertEquals(" line 2: label 'maybe' in column 'y' is not one of the classes [no, yes]",
        error("age,job,id,y", "30,clerk,1,maybe"));
  }

  @Test
  void aHeaderLineReadAsDataHintsAtSkippingIt() {
    // issue 30: "label 'income' ... is not one of the classes" and not a word of --skip-lines
    CsvSchema s = CsvFiles.schema();
    CsvSchema headerless = new CsvSchema(java.util.Optional.of(List.of("age", "job", "id", "y")),
        s.delimiter(), s.label(), s.classes(), s.labelSuffix(), s.categorical(), s.numeric(),
        s.ignored(), s.missing(), s.missingPolicy(), s.scaling(), s.vocabularies(), s.ranges());
    String message = errorWithSchema(headerless, "age,job,id,y", "30,clerk,1,yes");
    assertTrue(message.startsWith(" line 1: "), message);
    assertTrue(message.contains("looks like a header line")
        && message.contains("--skip-lines 1") && message.contains("public_skip_lines"), message);
  }

  @Test
  void emptyFilesAndHeaderOnlyFilesAreErrors() {
    assertEquals(": is empty: no header line", error());
    assertEquals(": has no data rows after the header", error("age,job,id,y", ""));
  }

  @Test
  void headerMustMatchTheSchema() {
    assertEquals(" line 1: header column 'work' is neither the label nor in categorical,"
        + " numeric or ignored", error("age,work,id,y", "30,clerk,1,yes"));
    assertEquals(" line 1: header names column 'age' twice",
        error("age,job,age,y", "30,clerk,1,yes"));
    assertEquals(" line 1: header has no column 'id' (columns: [age, job, y])",
        errorWithSchema(schemaWithout("id"), "age,job,y", "30,clerk,yes"));
    assertEquals(" line 1: header column 2 has no name", error("age,,id,y", "30,clerk,1,yes"));
  }

  private CsvSchema schemaWithout(String ignored) {
    CsvSchema s = CsvFiles.schema();
    return new CsvSchema(s.columns(), s.delimiter(), s.label(), s.classes(), s.labelSuffix(),
        s.categorical(), s.numeric(), List.of(ignored), s.missing(), s.missingPolicy(),
        s.scaling(), s.vocabularies(), s.ranges());
  }

  private String errorWithSchema(CsvSchema schema, String... lines) {
    Path file = CsvFiles.write(dir, "data.csv", lines);
    UserError e = assertThrows(UserError.class,
        () -> CsvReader.read(new CsvFile(file, 0), schema));
    return e.getMessage().substring(file.toString().length());
  }

  @Test
  void aUtf8ByteOrderMarkIsSkippedAndUtf16IsRefused() {
    byte[] text = "age,job,id,y\n30,clerk,1,yes\n".getBytes(StandardCharsets.UTF_8);
    byte[] withBom = new byte[text.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(text, 0, withBom, 3, text.length);
    RawTable table = read(CsvFiles.writeBytes(dir, "bom.csv", withBom));
    assertEquals(1, table.rows(), "the header's first column must be 'age', not BOM + 'age'");

    byte[] utf16 = "\uFEFFage,job,id,y\n".getBytes(StandardCharsets.UTF_16BE);
    Path file = CsvFiles.writeBytes(dir, "utf16.csv", utf16);
    UserError e = assertThrows(UserError.class, () -> read(file));
    assertEquals(file + ": starts with a UTF-16 byte-order mark; save it as UTF-8",
        e.getMessage());
  }

  @Test
  void textThatIsNotUtf8AndBrokenQuotesAreErrorsWithTheLine() {
    byte[] latin1 = "age,job,id,y\n30,caf\u00e9,1,yes\n".getBytes(StandardCharsets.ISO_8859_1);
    Path file = CsvFiles.writeBytes(dir, "latin1.csv", latin1);
    UserError e = assertThrows(UserError.class, () -> read(file));
    assertTrue(e.getMessage().startsWith(file + " line "), e.getMessage());
    assertTrue(e.getMessage().endsWith("is not UTF-8 text"), e.getMessage());

    String quote = error("age,job,id,y", "30,\"clerk\"x,1,yes");
    assertTrue(quote.startsWith(" line 2: "), quote);
  }

  @Test
  void missingValuesAreDroppedAndCountedOrKeptAsTheSchemaSays() {
    Path file = CsvFiles.write(dir, "data.csv",
        "age,job,id,y",
        "30,?,1,yes",
        "?,clerk,?,no",
        "41,driver,?,no",
        "50,clerk,4,?");
    RawTable dropped = read(file);
    assertEquals(1, dropped.rows(), "only the row whose missing value is in an ignored column");
    assertArrayEquals(new int[] {2}, dropped.records());
    assertEquals(3, dropped.summary().droppedMissing());
    assertEquals(Map.of("job", 1, "age", 1, "id", 2, "y", 1),
        dropped.summary().missingByColumn());

    RawTable kept = CsvReader.read(new CsvFile(file, 0), CsvFiles.schema(MissingPolicy.CATEGORY));
    assertEquals(3, kept.rows(), "a missing label still drops its row");
    assertEquals(1, kept.summary().droppedMissing());
    assertNull(kept.categoricalColumn(0).get(0));
    assertTrue(Double.isNaN(kept.numericColumn(0)[1]));
  }

  @Test
  void allRowsDroppedIsAnError() {
    assertEquals(": all 2 rows have a missing value and were dropped (missing values: [?])",
        error("age,job,id,y", "?,clerk,1,yes", "30,?,1,no"));
  }

  @Test
  void skippedLinesAndExplicitColumnsReadAHeaderlessFileWithRightLineNumbers() {
    CsvSchema s = CsvFiles.schema();
    CsvSchema headerless = new CsvSchema(Optional.of(List.of("age", "job", "id", "y")), ";",
        "y", s.classes(), s.labelSuffix(), s.categorical(), s.numeric(), s.ignored(),
        s.missing(), s.missingPolicy(), s.scaling(), s.vocabularies(), s.ranges());
    Path file = CsvFiles.write(dir, "junk.csv", "|1x3 Cross validator", "30;clerk;1;yes.",
        "x;clerk;2;no");
    UserError e = assertThrows(UserError.class,
        () -> CsvReader.read(new CsvFile(file, 1), headerless));
    assertEquals(file + " line 3: column 'age': 'x' is not a number (if it marks a missing value,"
        + " list it in missing)", e.getMessage());
    UserError tooShort = assertThrows(UserError.class,
        () -> CsvReader.read(new CsvFile(file, 5), headerless));
    assertEquals(file + ": has only 3 lines, fewer than the 5 to skip", tooShort.getMessage());
  }

  @Test
  void aMissingFileIsNamed() {
    Path file = dir.resolve("nope.csv");
    UserError e = assertThrows(UserError.class, () -> read(file));
    assertEquals(file + ": file not found", e.getMessage());
  }
}
