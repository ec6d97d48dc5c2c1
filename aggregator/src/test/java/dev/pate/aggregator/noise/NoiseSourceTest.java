package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NoiseSourceTest {

  @Test
  void seededSourcesReproduceTheirStream() {
    long[] first = Samples.draw(new DiscreteGaussian(40), RandomSources.seeded(7), 1000);
    long[] again = Samples.draw(new DiscreteGaussian(40), RandomSources.seeded(7), 1000);
    long[] other = Samples.draw(new DiscreteGaussian(40), RandomSources.seeded(8), 1000);
    assertTrue(Arrays.equals(first, again));
    assertTrue(!Arrays.equals(first, other));
  }

  @Test
  void seededSourceDescribesItself() {
    NoiseSource source = RandomSources.seeded(42);
    assertEquals(NoiseSourceKind.SEEDED, source.kind());
    assertEquals("seeded", source.kind().id());
    assertEquals(OptionalLong.of(42), source.seed());
    assertTrue(source.description().contains(RandomSources.SEEDED_ALGORITHM));
    assertTrue(source.description().contains("seed 42"));
  }

  @Test
  void secureSourceWorksAndDescribesItself() {
    NoiseSource source = RandomSources.secure();
    assertEquals(NoiseSourceKind.SECURE, source.kind());
    assertEquals("secure", source.kind().id());
    assertEquals(OptionalLong.empty(), source.seed());
    assertTrue(source.description().startsWith("secure (SecureRandom "), source.description());
    // Its draws are uniform and its samples follow the exact law.
    long[] digits = new long[20_000];
    for (int i = 0; i < digits.length; i++) {
      digits[i] = UniformInts.below(source, 10);
    }
    assertTrue(GoodnessOfFit.uniformPValue(GoodnessOfFit.histogram(digits, 10)) > 1e-6);
    long[] samples = Samples.draw(new DiscreteLaplace(1), source, 50_000);
    assertTrue(GoodnessOfFit.pValue(samples, ExactPmfs.laplace(1)) > 1e-6);
  }

  @Test
  void twoSecureSourcesDiffer() {
    assertNotEquals(RandomSources.secure().nextLong(), RandomSources.secure().nextLong());
  }

  @Test
  void aSharedSecureSourceNeverHandsTheSameWordsToTwoThreads() throws InterruptedException {
    NoiseSource source = RandomSources.secure();
    int perThread = 50_000;
    long[][] words = new long[2][perThread];
    Thread[] threads = new Thread[2];
    for (int t = 0; t < 2; t++) {
      long[] mine = words[t];
      threads[t] = new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          mine[i] = source.nextLong();
        }
      });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    Set<Long> distinct = new HashSet<>();
    for (long[] mine : words) {
      for (long word : mine) {
        distinct.add(word);
      }
    }
    // 100000 uniform 64-bit words collide with probability about 3e-10.
    assertEquals(2 * perThread, distinct.size());
  }

  @Test
  void kindsRoundTripThroughTheirIds() {
    for (NoiseSourceKind kind : NoiseSourceKind.values()) {
      assertEquals(kind, NoiseSourceKind.fromId(kind.id()));
    }
    assertEquals("noise source: urandom is not one of secure, seeded",
        assertThrows(IllegalArgumentException.class, () -> NoiseSourceKind.fromId("urandom"))
            .getMessage());
  }
}
