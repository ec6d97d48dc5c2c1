package dev.pate.study;

import dev.pate.files.UserError;
import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The results.csv reader of {@code pate compare} on any bytes and on mutations of a real file's
 * header and rows: each input gives a study's settings or a one-line {@link UserError} naming the
 * file, in bounded time and allocation.
 */
@AddLifecycleHook(FuzzBudget.class)
class ValidationScoresFuzzTest {
  /** Commons CSV's records and the settings' maps: some hundreds of bytes per input byte. */
  private static final int PER_BYTE = 512;

  private static final List<String> HEADER =
      ResultsCsv.header(List.of("aggregator.queries", "seed"));
  private static final String VALID = String.join(",", HEADER) + "\n"
      + HEADER.stream().map(c -> switch (c) {
        case "point", "seed" -> "1";
        case "aggregator.queries" -> "200";
        case "student_validation_accuracy" -> "0.985";
        default -> "x";
      }).collect(Collectors.joining(",")) + "\n";

  @Property
  void read(@ForAll("files") byte[] bytes) {
    Path file = FuzzFiles.write("results.csv", bytes);
    ReaderTry.of(bytes.length, PER_BYTE, UserError.class)
        .run(() -> ValidationScores.read(file, List.of("aggregator.queries=200")));
  }

  @Provide
  Arbitrary<byte[]> files() {
    return Arbitraries.oneOf(Mutations.anyBytes(256), Mutations.ofText(VALID, "\n", ",", "\"",
        "\r\n", "seed", "point", "student_validation_accuracy", "NaN", "1e400", "-1",
        "9223372036854775808", "\uFEFF", ""));
  }
}
