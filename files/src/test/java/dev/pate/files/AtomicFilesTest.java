package dev.pate.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole content or the old one, owner-only files and folders, no temp file left behind. */
class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void writesReplacesAndCreatesFolders() throws IOException {
    Path target = dir.resolve("a/b/report.json");
    AtomicFiles.writeString(target, "first");
    assertEquals("first", Files.readString(target));
    AtomicFiles.writeBytes(target, new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(target));
    assertEquals(List.of(target), files(dir.resolve("a/b")), "no temp file left");
  }

  @Test
  void aWriterThatClosesItsStreamIsStillForcedToDisk() throws IOException {
    Path target = dir.resolve("model.zip");
    AtomicFiles.write(target, out -> {
      out.write("model".getBytes());
      out.close();
    });
    assertEquals("model", Files.readString(target));
  }

  @Test
  void aFailedWriteLeavesTheOldContentAndNoTempFile() throws IOException {
    Path target = dir.resolve("votes.csv");
    AtomicFiles.writeString(target, "old");
    UserError e = assertThrows(UserError.class,
        () -> AtomicFiles.write(target, out -> {
          out.write("half".getBytes());
          throw new IOException("disk full");
        }));
    assertEquals("cannot write " + target + ": disk full", e.getMessage());
    assertEquals("old", Files.readString(target));
    assertEquals(List.of(target), files(dir));
  }

  @Test
  void filesAndTheFoldersItCreatesAreOwnerOnly() throws IOException {
    assumeTrue(FileModes.posix(dir), "POSIX permissions only");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path target = dir.resolve("new/folder/ledger.jsonl");
    AtomicFiles.writeString(target, "x");
    assertEquals("rw-------", mode(target));
    assertEquals("rwx------", mode(dir.resolve("new")));
    assertEquals("rwx------", mode(dir.resolve("new/folder")));
    assertEquals("rwxr-xr-x", mode(dir), "an existing folder keeps its mode");
    // A file that was readable by others is replaced by an owner-only one.
    Path shared = Files.writeString(dir.resolve("shared.txt"), "old");
    Files.setPosixFilePermissions(shared, FileModes.SHARED_FILE);
    AtomicFiles.writeString(shared, "new");
    assertEquals("rw-------", mode(shared));
  }

  static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  private static List<Path> files(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }
}
