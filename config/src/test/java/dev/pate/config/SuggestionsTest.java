package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

  @Test
  void editDistance() {
    assertEquals(0, Suggestions.editDistance("gamma", "gamma"));
    assertEquals(1, Suggestions.editDistance("gama", "gamma"));
    assertEquals(1, Suggestions.editDistance("sigma1", "sigma2"));
    assertEquals(3, Suggestions.editDistance("kitten", "sitting"));
    assertEquals(5, Suggestions.editDistance("", "delta"));
  }

  @Test
  void closestPrefersTheFirstOfEquallyCloseCandidates() {
    assertEquals(
        Optional.of("sigma"), Suggestions.closest("sigm", List.of("sigma", "sigma1", "sigma2")));
    assertEquals(Optional.of("sigma1"), Suggestions.closest("sigma3", List.of("sigma1", "sigma2")));
  }

  @Test
  void farCandidatesAreNotSuggested() {
    assertEquals(Optional.empty(), Suggestions.closest("budget", List.of("delta", "orders")));
    assertEquals(Optional.empty(), Suggestions.closest("x", List.of("seed", "name")));
  }
}
