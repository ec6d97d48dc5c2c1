package dev.pate.config;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean ...?" for misspelt keys and choice values. */
final class Suggestions {

  private Suggestions() {}

  /**
   * The candidate closest to {@code word} in edit distance, if it is close enough to be a likely
   * typo: at most one edit per three characters (and at least one, at most three). Ties go to the
   * earlier candidate, so declaration order decides.
   */
  static Optional<String> closest(String word, Collection<String> candidates) {
    int allowed = Math.max(1, Math.min(3, word.length() / 3));
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance = editDistance(word, candidate);
      if (distance <= allowed && distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return Optional.ofNullable(best);
  }

  /** Levenshtein distance (insertions, deletions and substitutions each cost 1). */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
