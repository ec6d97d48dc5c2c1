package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DataExceptionTest {
  @Test
  void messagesAreAlwaysOneLine() {
    DataException e = DataException.forFile(Path.of("/d/x.gz"), "bad\n  thing\r\nhappened\n");
    assertEquals("/d/x.gz: bad thing happened", e.getMessage());
  }
}
