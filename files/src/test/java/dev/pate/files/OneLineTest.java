package dev.pate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OneLineTest {
  @Test
  void lineBreaksAndTheBlanksAroundThemBecomeOneSpace() {
    assertEquals("header {'descr': '<f4'} ends",
        OneLine.of(" header {'descr':\r\n  '<f4'}\nends \n"));
    assertEquals("", OneLine.of((String) null));
  }

  @Test
  void anExceptionsLinesAreJoinedAndAMissingMessageIsItsClass() {
    assertEquals("a: bad; b: worse",
        OneLine.of(new IllegalStateException("a: bad\n  b: worse\n")));
    assertEquals("2 problems in exp.yaml: exp.yaml: a: bad; exp.yaml: b: worse",
        OneLine.of(new IllegalStateException("2 problems in exp.yaml:\n"
            + "exp.yaml: a: bad\nexp.yaml: b: worse")), "a heading's colon is not followed by ;");
    assertEquals("NullPointerException", OneLine.of(new NullPointerException()));
  }
}
