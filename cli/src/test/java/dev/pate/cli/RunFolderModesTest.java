package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pate.files.FileModes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a data owner's security review asks of a run made by {@code pate run}: that its private
 * record (teachers, votes, labels, ledger, report, run.log, the teacher cache) is owner-only and
 * only the release readable. (What report.json and release.json say of where the run came from is
 * the pipeline's {@code RunRecordTest}.)
 */
class RunFolderModesTest {
  @TempDir static Path dir;
  static Path out;
  static Path run;

  @BeforeAll
  static void runOnce() throws IOException {
    out = dir.resolve("runs");
    run = TinyRun.run(dir, out);
  }

  @Test
  void thePrivateRecordIsOwnerOnlyAndTheReleaseReadable() throws IOException {
    assumeTrue(FileModes.posix(dir), "POSIX permissions only");
    Path releaseFolder = run.resolve("release");
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    try (Stream<Path> all = Files.walk(out)) {
      for (Path p : all.filter(p -> !p.equals(out)).toList()) {
        boolean shared = p.startsWith(releaseFolder);
        String expected = Files.isDirectory(p) ? (shared ? "rwxr-xr-x" : "rwx------")
            : (shared ? "rw-r--r--" : "rw-------");
        String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
        if (!mode.equals(expected)) {
          wrong.add(out.relativize(p) + " " + mode + ", expected " + expected);
        }
        checked++;
      }
    }
    assertEquals(List.of(), wrong);
    for (String f : List.of(RunLog.FILE, "ledger.jsonl", "votes.csv", "labels.csv", "report.json",
        "config.yaml", "teachers/teacher-000.zip", "teachers/manifest.json", "release/student.zip",
        "release/release.json")) {
      assertTrue(Files.isRegularFile(run.resolve(f)), f + " was checked");
    }
    assertTrue(Files.isDirectory(out.resolve("cache/teachers")), "the cache was checked");
    assertTrue(checked > 30, checked + " paths");
  }
}
