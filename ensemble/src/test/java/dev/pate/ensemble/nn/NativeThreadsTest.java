package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NativeThreadsTest {
  @Test
  void aPinLastsUntilItsScopeClosesAndNestedScopesRestoreInOrder() {
    int before = NativeThreads.current();
    try (NativeThreads.Scope teachers = NativeThreads.pin(1)) {
      assertEquals(1, NativeThreads.current());
      try (NativeThreads.Scope student = NativeThreads.allCores()) {
        assertEquals(Runtime.getRuntime().availableProcessors(), NativeThreads.current());
      }
      assertEquals(1, NativeThreads.current());
    }
    assertEquals(before, NativeThreads.current());
  }

  @Test
  void fewerThanOneThreadIsRefusedNamingTheParameter() {
    assertEquals("threads: 0 is not >= 1",
        assertThrows(IllegalArgumentException.class, () -> NativeThreads.pin(0)).getMessage());
  }
}
