package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvInspectorTest {
  @TempDir Path dir;

  @Test
  void infersAnAdultLikeHeaderlessFileAndItsPublicTwin() {
    Path train = CsvFiles.write(dir, "train.data",
        "39, State-gov, 77516, Bachelors, <=50K",
        "50, Self-emp, 83311, Bachelors, <=50K",
        "38, ?, 215646, HS-grad, >50K",
        "53, Private, 234721, 11th, <=50K",
        "",
        "");
    Path test = CsvFiles.write(dir, "test.data",
        "|1x3 Cross validator",
        "25, Private, 226802, 11th, <=50K.",
        "38, Private, 89814, HS-grad, >50K.");
    CsvProfile p = CsvInspector.inspect(train, Optional.of(test), Optional.empty(),
        Optional.empty());
    assertEquals(",", p.delimiter());
    assertEquals(0, p.skipLines());
    assertFalse(p.header());
    assertEquals(4, p.records());
    assertEquals(List.of("column_1", "column_2", "column_3", "column_4", "column_5"),
        p.columnNames());
    assertEquals(List.of(ColumnProfile.Kind.NUMERIC, ColumnProfile.Kind.CATEGORICAL,
            ColumnProfile.Kind.NUMERIC, ColumnProfile.Kind.CATEGORICAL,
            ColumnProfile.Kind.CATEGORICAL),
        p.columns().stream().map(ColumnProfile::kind).toList());
    assertEquals(1, p.columns().get(1).missing());
    assertEquals(List.of("?"), p.missing());
    assertEquals("column_5", p.labelCandidates().get(0), "the last column comes first");
    assertEquals(List.of("<=50K", ">50K"), p.classes());
    assertEquals(OptionalInt.of(1), p.publicSkipLines());
    assertEquals(OptionalInt.of(2), p.publicRecords());
    assertEquals(Optional.of("."), p.labelSuffix());
    assertEquals(38.0, p.columns().get(0).min());
    assertEquals(53.0, p.columns().get(0).max());
  }

  @Test
  void findsAHeaderASemicolonAndALabelByName() {
    Path file = CsvFiles.write(dir, "h.csv",
        "id;height;colour;label",
        "1;1.80;red;a",
        "2;1.65;blue;b",
        "3;1.72;red;a");
    CsvProfile p = CsvInspector.inspect(file, Optional.empty(), Optional.empty(),
        Optional.empty());
    assertEquals(";", p.delimiter());
    assertTrue(p.header());
    assertEquals(3, p.records());
    assertEquals(List.of("id", "height", "colour", "label"), p.columnNames());
    assertEquals("label", p.labelCandidates().get(0));
    assertEquals(List.of("a", "b"), p.classes());
    assertEquals(List.of("colour"), p.columnsOf(ColumnProfile.Kind.CATEGORICAL));
    assertEquals(List.of("id", "height"), p.columnsOf(ColumnProfile.Kind.NUMERIC));
  }

  @Test
  void givenNamesReplaceInventedOnesAndMustMatchTheColumnCount() {
    Path file = CsvFiles.write(dir, "n.csv", "1,x", "2,y");
    CsvProfile p = CsvInspector.inspect(file, Optional.empty(), Optional.empty(),
        Optional.of(List.of("n", "letter")));
    assertEquals(List.of("n", "letter"), p.columnNames());
    UserError e = assertThrows(UserError.class, () -> CsvInspector.inspect(file,
        Optional.empty(), Optional.empty(), Optional.of(List.of("only"))));
    assertEquals(file + ": has 2 columns but 1 names were given", e.getMessage());
  }

  @Test
  void anEmptyFileIsAnError() {
    Path file = CsvFiles.write(dir, "empty.csv", "", " ");
    UserError e = assertThrows(UserError.class, () -> CsvInspector.inspect(file,
        Optional.empty(), Optional.empty(), Optional.empty()));
    assertEquals(file + ": is empty", e.getMessage());
  }

  @Test
  void labelSuffixNeedsOneSuffixForEveryUnknownLabel() {
    assertEquals(Optional.of("."), CsvInspector.labelSuffix(List.of("a", "b"),
        List.of("a.", "b.", "a")));
    assertEquals(Optional.empty(), CsvInspector.labelSuffix(List.of("a", "b"),
        List.of("a.", "c.")));
    assertEquals(Optional.empty(), CsvInspector.labelSuffix(List.of("a", "b"),
        List.of("a.", "b!")));
  }

  @Test
  void emptyLabelsOfAnUnlabelledPoolDoNotHideTheSuffix() {
    assertEquals(Optional.of("."), CsvInspector.labelSuffix(List.of("a", "b"),
        List.of("", "a.", "", "b.")));
  }
}
