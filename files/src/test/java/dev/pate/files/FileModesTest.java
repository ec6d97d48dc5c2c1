package dev.pate.files;

import static dev.pate.files.AtomicFilesTest.mode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Private by default whatever the umask; shared only where asked. */
class FileModesTest {
  @TempDir Path dir;

  @BeforeEach
  void posixOnly() {
    assumeTrue(FileModes.posix(dir), "POSIX permissions only");
  }

  @Test
  void privateFilesAndFoldersAreOwnerOnly() throws IOException {
    Path folder = FileModes.createPrivateFolders(dir.resolve("run/teachers"));
    assertEquals("rwx------", mode(folder));
    assertEquals("rwx------", mode(folder.getParent()));
    Path file = folder.resolve("ledger.jsonl");
    FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
        FileModes.privateFile(file)).close();
    assertEquals("rw-------", mode(file));
  }

  @Test
  void shareMakesATreeReadable() throws IOException {
    Path release = FileModes.createPrivateFolders(dir.resolve("release"));
    Path model = Files.createFile(release.resolve("student.zip"), FileModes.privateFile(release));
    FileModes.share(release);
    assertEquals("rwxr-xr-x", mode(release));
    assertEquals("rw-r--r--", mode(model));
  }
}
