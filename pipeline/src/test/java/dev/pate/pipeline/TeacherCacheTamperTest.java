package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.files.UserError;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
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
    TinyRuns.run(config, out);
    Path teacher;
    try (Stream<Path> files = Files.walk(out.resolve("cache"))) {
      teacher = files.filter(p -> p.getFileName().toString().equals("teacher-002.zip"))
          .findFirst().orElseThrow();
    }
    Files.write(teacher, new byte[] {0}, StandardOpenOption.APPEND);

    List<Path> opened = new ArrayList<>();
    PatePipeline second = PatePipeline.builder(ConfigLoader.load(config, List.of()))
        .outputDir(out).listener(new PipelineListener() {
          @Override
          public void runFolderOpened(Path folder) {
            opened.add(folder);
          }
        }).build();
    // The user's error (exit 2 at the command line), in one line naming the file.
    UserError e = assertThrows(UserError.class, second::run);
    String line = e.getMessage();
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.startsWith(teacher + ": sha256 "), line);
    assertTrue(line.contains("is not the recorded"), line);
    // The run had opened its folder, so the command line says how to finish it once the cache
    // is mended (that second line is DiskTroubleTest's subject).
    assertEquals(1, opened.size(), opened.toString());
  }
}
