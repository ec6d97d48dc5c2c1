package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ExampleIdTest {
  @Test
  void printsAndParsesSplitHashIndex() {
    ExampleId id = new ExampleId("mnist/train", 123);
    assertEquals("mnist/train#123", id.toString());
    assertEquals(id, ExampleId.parse("mnist/train#123"));
  }

  @Test
  void rejectsMalformedIds() {
    assertThrows(IllegalArgumentException.class, () -> new ExampleId("mnist/train", -1));
    assertThrows(IllegalArgumentException.class, () -> new ExampleId(" ", 0));
    assertThrows(IllegalArgumentException.class, () -> ExampleId.parse("mnist/train#x"));
    assertThrows(IllegalArgumentException.class, () -> ExampleId.parse("#3"));
  }
}
