package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The CSV table reader, through {@link TableLoader} as a run loads its private and public files,
 * on any bytes and on mutations of valid files: every input gives tables or a one-line {@link
 * UserError}, in bounded time and with allocation bounded by the files' length.
 */
@AddLifecycleHook(FuzzBudget.class)
class TableFuzzTest {
  /** A short row costs a record, its strings and arrays: a few hundred bytes per input byte. */
  private static final int PER_BYTE = 512;

  private static final String PUBLIC = """
      age,job,id,y
      40,clerk,7,no
      31,nurse,8,yes.
      ?,clerk,9,no
      52,"smith, black",10,yes
      """;

  private static final Path VALID =
      FuzzFiles.write("public.csv", PUBLIC.getBytes(StandardCharsets.UTF_8));

  @Property
  void privateFile(@ForAll("csvFiles") byte[] bytes, @ForAll("skips") int skip) {
    Path file = FuzzFiles.write("private.csv", bytes);
    ReaderTry.of(bytes.length + PUBLIC.length(), PER_BYTE, UserError.class)
        .run(() -> TableLoader.load(CsvFiles.schema(), new CsvFile(file, skip),
            new CsvFile(VALID, 0), 2));
  }

  @Property
  void publicFileWithKeptMissingValues(@ForAll("csvFiles") byte[] bytes) {
    Path file = FuzzFiles.write("public-fuzzed.csv", bytes);
    ReaderTry.of(bytes.length + PUBLIC.length(), PER_BYTE, UserError.class)
        .run(() -> TableLoader.load(CsvFiles.schema(MissingPolicy.CATEGORY),
            new CsvFile(VALID, 0), new CsvFile(file, 0), 1));
  }

  @Provide
  Arbitrary<byte[]> csvFiles() {
    return Arbitraries.oneOf(Mutations.anyBytes(256),
        Mutations.ofText(PUBLIC, ",", "\n", "\r\n", "\"", "\"\"", "?", "yes", "no.", "1e400",
            "-0", ".5", "NaN", "\uFEFF", "\uFFFE", "age", "y", "1111111111111111111111111111x",
            "\u00e9", "\0"),
        Mutations.of(new byte[] {(byte) 0xFE, (byte) 0xFF, 'a'}, java.util.List.of()));
  }

  @Provide
  Arbitrary<Integer> skips() {
    return Arbitraries.integers().between(0, 3);
  }
}
