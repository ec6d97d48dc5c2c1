package dev.pate.aggregator.votes;

import static dev.pate.aggregator.votes.NpyVoteReaderTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvVoteReaderTest {
  @TempDir Path dir;

  private static final VoteMatrix EXPECTED =
      VoteMatrix.of(new double[][] {{3, 0, 247}, {100, 100, 50}});

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private UserError failure(String text) throws IOException {
    Path file = write("votes.csv", text);
    return assertThrows(UserError.class, () -> CsvVoteReader.read(file));
  }

  @Test
  void aFileThatCannotBeReadIsSaidOnceInAFewWords() throws IOException {
    for (String name : new String[] {"missing.csv", "missing.npy"}) {
      Path missing = dir.resolve(name);
      UserError e =
          assertThrows(UserError.class, () -> VoteFiles.read(missing));
      assertEquals(missing + ": no such file", e.getMessage());
    }
    Path folder = Files.createDirectory(dir.resolve("folder.npy"));
    assertEquals(folder + ": is a directory, expected a file",
        assertThrows(UserError.class, () -> VoteFiles.read(folder)).getMessage());
  }

  @Test
  void readsTheRunLayoutWithAnIndexColumn() throws IOException {
    Path file = write("votes.csv", "index,count_0,count_1,count_2\n17,3,0,247\n4,100,100,50\n");
    assertEquals(EXPECTED, VoteFiles.read(file));
  }

  @Test
  void readsABareMatrixWithAHeader() throws IOException {
    Path file = write("m.csv", "a,b,c\n3,0,247\n100.0,1e2,5.0E1\n");
    assertEquals(EXPECTED, CsvVoteReader.read(file));
  }

  @Test
  void acceptsBomCrlfSpacesAndBlankLines() throws IOException {
    Path file = write("w.csv",
        "\uFEFFINDEX , count_0, count_1 ,count_2\r\n\r\n 0 , 3 ,0,247\r\n1,100,100,50\r\n\r\n");
    assertEquals(EXPECTED, CsvVoteReader.read(file));
  }

  @Test
  void raggedRowNamesLineAndCounts() throws IOException {
    assertMessage(failure("index,count_0,count_1\n0,1,2\n1,1\n"),
        "votes.csv", "line 3", "2 field(s), expected 3");
  }

  @Test
  void quotedFieldsAreRejectedClearly() throws IOException {
    assertMessage(failure("index,count_0,count_1\n0,\"1\",2\n"),
        "line 2, field 2", "quoted fields are not supported");
  }

  @Test
  void badNumbersNameLineFieldAndColumn() throws IOException {
    assertMessage(failure("index,count_0,count_1\n0,1,2\n1,abc,2\n"),
        "line 3, field 2 (count_0)", "'abc' is not a number");
    assertMessage(failure("index,count_0,count_1\n0,1,NaN\n"),
        "line 2, field 3 (count_1)", "not a count");
    assertMessage(failure("index,count_0,count_1\n0,1,inf\n"), "line 2, field 3", "not a count");
    assertMessage(failure("index,count_0,count_1\n0,-1,2\n"), "line 2, field 2", "negative");
    assertMessage(failure("index,count_0,count_1\n0,,2\n"), "line 2, field 2", "empty");
    assertMessage(failure("index,count_0,count_1\n0,1.5f,2\n"), "'1.5f' is not a number");
    assertMessage(failure("index,count_0,count_1\n-3,1,2\n"),
        "line 2, field 1 (index)", "non-negative integer");
    assertMessage(failure("index,count_0,count_1\n0,1,1e400\n"), "line 2, field 3",
        "Infinity is not a count");
  }

  /** Votes count teachers: a fraction names the file, line and field; 2.0 is still a count. */
  @Test
  void fractionalCountsAreRefusedWholeDecimalsRead() throws IOException {
    assertMessage(failure("index,count_0,count_1\n0,1,2\n1,0.5,2\n"),
        "votes.csv, line 3, field 2 (count_0): 0.5 is not a whole number of votes");
    assertMessage(failure("a,b\n1,2.25e0\n"), "line 2, field 2 (b)", "2.25");
    assertMessage(failure("a,b\n1,1e10\n"), "more than 2147483647 teachers");
    assertEquals(EXPECTED, CsvVoteReader.read(write("w.csv", "a,b,c\n3,0,247.0\n1e2,100,50\n")));
  }

  @Test
  void headerProblems() throws IOException {
    assertMessage(failure("1,2,3\n4,5,6\n"), "line 1", "expected a header line");
    assertMessage(failure("index,count_0\n0,1\n"), "1 count column(s), expected at least 2");
    assertMessage(failure("count_0;count_1\n1;2\n"), "at least 2");
    assertMessage(failure(""), "empty file");
    assertMessage(failure("index,count_0,count_1\n\n"), "no rows after the header");
  }

  @Test
  void unknownExtensionsAreRejected() throws IOException {
    Path file = write("votes.txt", "a,b\n1,2\n");
    assertMessage(assertThrows(UserError.class, () -> VoteFiles.read(file)),
        "votes.txt", ".npy or .csv");
  }
}
