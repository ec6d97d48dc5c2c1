package dev.pate.aggregator.votes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.files.UserError;
import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The vote-file readers on any bytes and on mutations of valid files: every input gives a vote
 * matrix (of whole, finite, non-negative counts) or a one-line {@link UserError}, in
 * bounded time and with allocation bounded by the file's length (a shape claiming 10^12 rows must
 * be refused before anything is allocated for it).
 */
@AddLifecycleHook(FuzzBudget.class)
class VoteFileFuzzTest {
  /** A .npy's doubles are 8 bytes per element of a 1-byte dtype, copied a few times. */
  private static final int PER_BYTE = 64;

  @Property
  void npyVotes(@ForAll("npyFiles") byte[] bytes) {
    assertWholeCounts(read("votes.npy", bytes, NpyVoteReader::readVotes));
  }

  @Property
  void npyIndices(@ForAll("npyIndexFiles") byte[] bytes) {
    read("indices.npy", bytes, NpyVoteReader::readIndices);
  }

  @Property
  void csvVotes(@ForAll("csvFiles") byte[] bytes) {
    assertWholeCounts(read("votes.csv", bytes, CsvVoteReader::read));
  }

  @Provide
  Arbitrary<byte[]> npyFiles() {
    byte[] f8 = NpyWriter.npy(1, "<f8", false, new int[] {3, 4},
        new double[] {250, 0, 0, 0, 1, 2, 3, 244, 0, 0, 125, 125});
    byte[] u1 = NpyWriter.npy(2, "|u1", true, new int[] {2, 3}, new double[] {1, 2, 3, 4, 5, 6});
    List<byte[]> tokens = npyTokens();
    return Arbitraries.oneOf(Mutations.anyBytes(256), Mutations.of(f8, tokens),
        Mutations.of(u1, tokens));
  }

  @Provide
  Arbitrary<byte[]> npyIndexFiles() {
    byte[] i8 = NpyWriter.npy(1, "<i8", false, new int[] {4}, new double[] {4205, 1829, 0, 7});
    return Arbitraries.oneOf(Mutations.anyBytes(256), Mutations.of(i8, npyTokens()));
  }

  @Provide
  Arbitrary<byte[]> csvFiles() {
    return Arbitraries.oneOf(Mutations.anyBytes(256),
        Mutations.ofText("index,count_0,count_1,count_2\n0,5,1,0\n1,0,6,0\n7,2,2,2\n",
            ",", "\n", "\r\n", "\"", "NaN", "-1", "0.5", "1e400", "1e308", "\uFEFF", "index",
            "99999999999999999999", "+", "."),
        Mutations.ofText("a,b\n1.0,2.0\n3,4\n", ",", "\n", "1e-400", "inf", "-0", "2.5e1"));
  }

  private static List<byte[]> npyTokens() {
    return List.of("'descr'", "'<f8'", "'>i8'", "'|u1'", "'<f2'", "'<c16'", "True", "False",
        "'shape': (", "(", ")", ",", "L", "999999999999", "2147483647", "0,", "[(")
        .stream().map(t -> t.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)).toList();
  }

  private interface Reader<T> {
    T read(Path file);
  }

  private static <T> T read(String name, byte[] bytes, Reader<T> reader) {
    Path file = FuzzFiles.write(name, bytes);
    return ReaderTry.of(bytes.length, PER_BYTE, UserError.class)
        .run(() -> reader.read(file));
  }

  /** Counts read from a file are whole (a refused file, null, has none). */
  private static void assertWholeCounts(VoteMatrix votes) {
    for (int q = 0; votes != null && q < votes.queries(); q++) {
      for (double v : votes.row(q)) {
        assertEquals(Math.rint(v), v, "a count read from a file is whole");
      }
    }
  }
}
