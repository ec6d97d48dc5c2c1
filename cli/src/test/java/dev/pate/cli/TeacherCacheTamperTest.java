package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A teacher changed in the cache after training is refused before its votes are used, even when
 * the cache holds every vote the run needs (the teachers are then never loaded).
 */
class TeacherCacheTamperTest {
  @TempDir Path dir;

  @Test
  void aTeacherWhoseSha256NoLongerMatchesItsRecordIsRefusedBeforeItsVotesAreUsed()
      throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
    Path config = Files.writeString(dir.resolve("tiny-csv.yaml"),
        SyntheticTable.config(privateFile, publicFile).replace("baseline:\n  non_private: true\n"
            + "  epochs: 3\n", ""));
    Path out = dir.resolve("runs");
    Captured first = Captured.run("run", config.toString(), "--out", out.toString());
    assertEquals(0, first.exitCode(), first.err());
    Path teacher;
    try (Stream<Path> files = Files.walk(out.resolve("cache"))) {
      teacher = files.filter(p -> p.getFileName().toString().equals("teacher-002.zip"))
          .findFirst().orElseThrow();
    }
    Files.write(teacher, new byte[] {0}, StandardOpenOption.APPEND);

    Captured second = Captured.run("run", config.toString(), "--out", out.toString());
    assertEquals(2, second.exitCode(), second.err());
    // One line naming the file, then how to finish the run once the cache is mended.
    List<String> lines = second.err().strip().lines().toList();
    assertEquals(2, lines.size(), second.err());
    String line = lines.get(0);
    assertTrue(line.startsWith("pate: " + teacher + ": sha256 "), line);
    assertTrue(line.contains("is not the recorded"), line);
    assertTrue(lines.get(1).startsWith("pate: the run stopped before its end; finish it with: pate"
        + " run --resume "), lines.get(1));
  }
}
