package dev.pate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserErrorTest {
  @TempDir Path dir;

  @Test
  void messagesAreAlwaysOneLine() {
    UserError e = UserError.forFile(Path.of("/d/x.gz"), "bad\n  thing\r\nhappened\n");
    assertEquals("/d/x.gz: bad thing happened", e.getMessage());
  }

  @Test
  void theMessageSaysWhereTheProblemIsWithTheAbsentPartsLeftOut() {
    UserError located = new UserError(Path.of("v.csv"), "line 3, field 2", "'x' is not a number");
    assertEquals("v.csv, line 3, field 2: 'x' is not a number", located.getMessage());
    assertEquals(Path.of("v.csv"), located.file());
    assertEquals("line 3, field 2", located.location());
    assertEquals("'x' is not a number", located.problem());

    UserError keyOnly = new UserError(null, "aggregator.sigma", "-1 is not > 0");
    assertEquals("aggregator.sigma: -1 is not > 0", keyOnly.getMessage());
    assertNull(keyOnly.file());

    UserError plain = new UserError("the run folder is locked");
    assertEquals("the run folder is locked", plain.getMessage());
    assertNull(plain.location());
  }

  @Test
  void aMissingInputFileIsNamedInAFewWords() {
    Path missing = dir.resolve("none.npy");
    NoSuchFileException cause = new NoSuchFileException(missing.toString());
    UserError e = UserError.unreadable(missing, cause);
    assertEquals(missing + ": no such file", e.getMessage());
    assertSame(cause, e.getCause());
  }

  @Test
  void aFolderGivenForAFileIsSaidSo() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("votes"));
    assertEquals(folder + ": is a directory, expected a file",
        UserError.unreadable(folder, new IOException("Is a directory")).getMessage());
  }

  @Test
  void severalProblemsKeepOneLineEachUnderTheirHeading() {
    class Problems extends UserError {
      Problems(List<String> problems) {
        super(problems.size() + " problems in x.yaml:", problems);
      }
    }
    assertEquals("a: bad", new Problems(List.of("a: bad")).getMessage());
    assertEquals("2 problems in x.yaml:\n  a: bad\n  b: worse",
        new Problems(List.of("a: bad", "b: worse")).getMessage());
  }
}
