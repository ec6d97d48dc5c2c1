package dev.pate.aggregator.votes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyVoteReaderTest {
  private static final double[] COUNTS = {3, 0, 7, 250, 1, 2}; // 3 x 2 in C order
  private static final int[] SHAPE = {3, 2};

  @TempDir Path dir;

  private Path write(String name, byte[] bytes) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, bytes);
    return file;
  }

  private static Path shared(String name) {
    return Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data", "pate2018-votes",
        name);
  }

  @Test
  void readsThePublishedVoteMatrices() {
    VoteMatrix svhn = NpyVoteReader.readVotes(shared("svhn_250_teachers.npy"));
    assertEquals(26032, svhn.queries());
    assertEquals(10, svhn.classes());
    assertEquals(250, svhn.maxRowSum());
    assertEquals(250, svhn.count(0, 5)); // first query: unanimous for class 5
    VoteMatrix adult = VoteFiles.read(shared("adult_250_teachers.npy"));
    assertEquals(16281, adult.queries());
    assertEquals(2, adult.classes());
    assertArrayEquals(new double[] {250, 0}, adult.row(0));
    VoteMatrix mnist = VoteFiles.read(shared("mnist_250_teachers.npy"));
    assertEquals(9000, mnist.queries());
    assertArrayEquals(new double[] {4, 7, 6, 8, 4, 2, 0, 214, 4, 1}, mnist.row(0));
    for (int q = 0; q < mnist.queries(); q++) {
      assertEquals(250, mnist.rowSum(q), "row " + q);
    }
  }

  @Test
  void readsThePublishedInt64Indices() {
    int[] indices =
        VoteFiles.readIndices(shared("mnist_250_teachers_100_indices_used_by_student.npy"));
    assertEquals(100, indices.length);
    assertEquals(4205, indices[0]);
    assertEquals(1829, indices[1]);
    VoteMatrix selected = VoteFiles.read(shared("mnist_250_teachers.npy")).rows(indices);
    assertEquals(100, selected.queries());
  }

  @Test
  void everyVersionTypeByteOrderAndLayoutGivesTheSameMatrix() throws IOException {
    String[] descrs = {"<f8", ">f8", "<f4", ">f4", "<i8", ">i8", "<i4", ">i2", "|u1", "|i1",
        "<u2", ">u4", "<u8"};
    VoteMatrix expected = VoteMatrix.of(new double[][] {{3, 0}, {7, 250}, {1, 2}});
    int n = 0;
    for (int major = 1; major <= 3; major++) {
      for (String descr : descrs) {
        for (boolean fortran : new boolean[] {false, true}) {
          if (descr.equals("|i1")) {
            continue; // 250 does not fit in int8
          }
          Path file = write("m" + n++ + ".npy", NpyWriter.npy(major, descr, fortran, SHAPE, COUNTS));
          assertEquals(expected, NpyVoteReader.readVotes(file),
              "version " + major + " " + descr + (fortran ? " fortran" : ""));
        }
      }
    }
  }

  @Test
  void rejectsTruncatedData() throws IOException {
    byte[] full = NpyWriter.npy(1, "<f8", false, SHAPE, COUNTS);
    Path file = write("short.npy", Arrays.copyOf(full, full.length - 3));
    UserError e = assertThrows(UserError.class, () -> NpyVoteReader.readVotes(file));
    assertMessage(e, "short.npy", "truncated", "48 bytes", "45");
  }

  @Test
  void rejectsTruncatedHeaderAndBadMagic() throws IOException {
    byte[] full = NpyWriter.npy(1, "<f8", false, SHAPE, COUNTS);
    Path header = write("header.npy", Arrays.copyOf(full, 30));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(header)),
        "header.npy", "truncated");
    Path csv = write("notnpy.npy", "index,count_0\n".getBytes());
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(csv)),
        "notnpy.npy", "\\x93NUMPY");
  }

  @Test
  void rejectsTrailingBytes() throws IOException {
    byte[] full = NpyWriter.npy(1, "<f8", false, SHAPE, COUNTS);
    Path file = write("long.npy", Arrays.copyOf(full, full.length + 8));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(file)),
        "8 bytes after");
  }

  @Test
  void rejectsWrongShapes() throws IOException {
    Path oneD = write("1d.npy", NpyWriter.npy(1, "<f8", false, new int[] {6}, COUNTS));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(oneD)),
        "1d.npy", "shape (6,)", "expected 2");
    Path threeD = write("3d.npy", NpyWriter.npy(1, "<f8", false, new int[] {1, 3, 2}, COUNTS));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(threeD)),
        "shape (1, 3, 2)", "expected 2");
    Path oneClass = write("1c.npy", NpyWriter.npy(1, "<f8", false, new int[] {6, 1}, COUNTS));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(oneClass)),
        "1 class", "at least 2");
  }

  @Test
  void rejectsBadCounts() throws IOException {
    double[] nan = COUNTS.clone();
    nan[3] = Double.NaN;
    Path nanFile = write("nan.npy", NpyWriter.npy(1, "<f8", false, SHAPE, nan));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(nanFile)),
        "nan.npy", "row 1, column 1", "NaN");
    double[] negative = COUNTS.clone();
    negative[4] = -1;
    Path negFile = write("neg.npy", NpyWriter.npy(1, "<i8", false, SHAPE, negative));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(negFile)),
        "row 2, column 0", "negative");
    double[] infinite = COUNTS.clone();
    infinite[0] = Double.POSITIVE_INFINITY;
    Path infFile = write("inf.npy", NpyWriter.npy(1, "<f8", false, SHAPE, infinite));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(infFile)),
        "row 0, column 0", "Infinity");
  }

  /** Votes count teachers: a fraction is refused, naming the file, row and column. */
  @Test
  void rejectsFractionalCountsButReadsWholeFloats() throws IOException {
    double[] half = COUNTS.clone();
    half[5] = 0.5;
    Path halfFile = write("half.npy", NpyWriter.npy(1, "<f8", false, SHAPE, half));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(halfFile)),
        "half.npy, row 2, column 1: 0.5 is not a whole number of votes");
    Path f4 = write("half4.npy", NpyWriter.npy(1, "<f4", true, SHAPE, half));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(f4)),
        "row 2, column 1", "0.5");
    Path whole = write("whole.npy", NpyWriter.npy(1, "<f8", false, SHAPE, COUNTS));
    assertEquals(250, NpyVoteReader.readVotes(whole).count(1, 1));
  }

  @Test
  void rejectsUnsupportedDtypes() throws IOException {
    byte[] bytes = NpyWriter.npy(1, "<f8", false, SHAPE, COUNTS);
    String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    Path object = write("object.npy", text.replace("'<f8'", "'|O8'")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(object)),
        "'descr'", "|O8", "not supported");
    Path complex = write("complex.npy", text.replace("'<f8'", "'<c8'")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(complex)),
        "<c8");
    Path structured = write("struct.npy", text.replace("'<f8'", "[('a', '<f4')]")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(structured)),
        "structured");
    // Found by fuzzing: a size too long for an int threw NumberFormatException, and a descr
    // holding a line break made a message of two lines.
    Path huge = write("huge.npy", text.replace("'<f8'", "'<f8999999999999'")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(huge)),
        "<f8999999999999", "not supported");
    Path broken = write("broken.npy", text.replace("'<f8'", "'<\nf8'")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    String message = assertThrows(UserError.class, () -> NpyVoteReader.readVotes(broken))
        .getMessage();
    assertTrue(!message.contains("\n") && message.contains("dtype '< f8'"), message);
    byte[] v9 = bytes.clone();
    v9[6] = 9;
    Path version = write("v9.npy", v9);
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readVotes(version)),
        "version 9.0");
  }

  @Test
  void indicesMustBeOneDimensionalIntegers() throws IOException {
    Path floats = write("idx.npy", NpyWriter.npy(1, "<f8", false, new int[] {3}, new double[] {1, 2, 3}));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readIndices(floats)),
        "idx.npy", "not an integer type");
    Path matrix = write("idx2.npy", NpyWriter.npy(1, "<i8", false, SHAPE, COUNTS));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readIndices(matrix)),
        "expected 1");
    Path negative = write("idx3.npy",
        NpyWriter.npy(1, "<i4", false, new int[] {2}, new double[] {4, -2}));
    assertMessage(assertThrows(UserError.class, () -> NpyVoteReader.readIndices(negative)),
        "element [1]", "-2");
    assertArrayEquals(new int[] {4, 2}, NpyVoteReader.readIndices(write("idx4.npy",
        NpyWriter.npy(2, ">i2", false, new int[] {2}, new double[] {4, 2}))));
  }

  static void assertMessage(Exception e, String... parts) {
    String message = e.getMessage();
    assertTrue(!message.contains("\n"), "one line: " + message);
    for (String p : parts) {
      assertTrue(message.contains(p), "'" + p + "' in: " + message);
    }
  }
}
