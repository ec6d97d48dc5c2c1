package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Answer;
import dev.pate.datasets.ImageDataset;
import dev.pate.files.UserError;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Typical selection: one image per cluster, the one nearest the centre, largest cluster first. */
class TypicalSelectorTest {

  /** Blob b has sizes[b] points around (10 b, -10 b, 5 b) with spread 0.5; returns them in order. */
  private static double[][] blobs(int[] sizes, Random random) {
    int n = Arrays.stream(sizes).sum();
    double[][] points = new double[n][];
    int i = 0;
    for (int b = 0; b < sizes.length; b++) {
      for (int j = 0; j < sizes[b]; j++) {
        points[i++] = new double[] {10 * b + 0.5 * random.nextGaussian(),
            -10 * b + 0.5 * random.nextGaussian(), 5 * b + 0.5 * random.nextGaussian()};
      }
    }
    return points;
  }

  private static int blobOf(int row, int[] sizes) {
    int start = 0;
    for (int b = 0; b < sizes.length; b++) {
      if (row < start + sizes[b]) {
        return b;
      }
      start += sizes[b];
    }
    throw new AssertionError(row);
  }

  @Test
  void asksEachClustersMemberNearestItsCentreLargestClusterFirst() {
    int[] sizes = {12, 30, 7, 21};
    double[][] points = blobs(sizes, new Random(3));
    int[] chosen = TypicalSelector.typical(points, sizes.length, 11);

    // Largest blob first: 30 (blob 1), 21 (blob 3), 12 (blob 0), 7 (blob 2).
    assertArrayEquals(new int[] {1, 3, 0, 2},
        Arrays.stream(chosen).map(row -> blobOf(row, sizes)).toArray());
    int start = 0;
    for (int b = 0; b < sizes.length; b++) {
      int from = start;
      int to = start + sizes[b];
      double[] centre = new double[3];
      for (int i = from; i < to; i++) {
        for (int d = 0; d < 3; d++) {
          centre[d] += points[i][d] / sizes[b];
        }
      }
      int nearest = IntStream.range(from, to).boxed()
          .min((x, y) -> Double.compare(distance(points[x], centre), distance(points[y], centre)))
          .orElseThrow();
      int asked = Arrays.stream(chosen).filter(row -> row >= from && row < to).findFirst()
          .orElseThrow();
      assertEquals(nearest, asked, "blob " + b);
      start = to;
    }
  }

  @Test
  void sameSeedSameChoice() {
    double[][] points = blobs(new int[] {40, 40, 40}, new Random(5));
    assertArrayEquals(TypicalSelector.typical(points, 9, 2), TypicalSelector.typical(points, 9, 2));
  }

  @Test
  void projectingOnEveryComponentKeepsDistances() {
    double[][] rows = blobs(new int[] {10, 10}, new Random(9));
    double[][] copy = Arrays.stream(rows).map(double[]::clone).toArray(double[][]::new);
    double[][] projected = TypicalSelector.project(copy, 3);
    assertDistancesKept(rows, projected);
  }

  @Test
  void rowsWiderThanTheSampleAreProjectedThroughTheirGramMatrixKeepingDistances() {
    Random random = new Random(6);
    double[][] rows = new double[30][100];
    for (double[] row : rows) {
      for (int j = 0; j < row.length; j++) {
        row[j] = random.nextGaussian();
      }
    }
    double[][] copy = Arrays.stream(rows).map(double[]::clone).toArray(double[][]::new);
    // 30 centred rows span 29 directions: 50 components keep every one of them.
    double[][] projected = TypicalSelector.project(copy, 50);
    assertEquals(29, projected[0].length);
    assertDistancesKept(rows, projected);
  }

  @Test
  void theFirstComponentIsTheDirectionOfMostSpread() {
    Random random = new Random(4);
    double[][] rows = new double[200][];
    for (int i = 0; i < rows.length; i++) {
      double t = 10 * random.nextGaussian();
      // Spread along (1, 2, 2) / 3, small noise across it.
      rows[i] = new double[] {t / 3 + 0.1 * random.nextGaussian(),
          2 * t / 3 + 0.1 * random.nextGaussian(), 2 * t / 3 + 0.1 * random.nextGaussian()};
    }
    double[][] projected = TypicalSelector.project(rows, 1);
    assertEquals(1, projected[0].length);
    double spread = Arrays.stream(projected).mapToDouble(p -> p[0] * p[0]).sum() / rows.length;
    assertEquals(100, spread, 15);
  }

  @Test
  void choosesDistinctPoolPositionsInOneRoundOnly() {
    ImageDataset pool = ActiveSelectorTest.pool(60);
    TypicalSelector selector = TypicalSelector.of(pool, 12, 8);
    QuerySelector.Released none = new QuerySelector.Released(new int[0], new Answer[0]);
    int[] chosen = selector.choose(0, 12, none).positions();
    assertEquals(12, Arrays.stream(chosen).distinct().count());
    assertEquals(12, Arrays.stream(chosen).filter(p -> p >= 0 && p < 60).count());
    assertEquals("typical", selector.choose(0, 12, none).chosenBy());
    assertThrows(IllegalStateException.class, () -> selector.choose(1, 12, none));
    assertThrows(IllegalStateException.class, () -> selector.choose(0, 11, none));
  }

  @Test
  void aPoolWithFewerDistinctExamplesThanQueriesIsRefusedByKey() {
    byte[] pixels = new byte[10 * 4];
    pixels[0] = 1;
    pixels[4] = 2;
    ImageDataset pool = ImageDataset.copyOf("synthetic", 2, 2, 10, pixels, new int[10]);
    UserError e = assertThrows(UserError.class, () -> TypicalSelector.of(pool, 4, 1));
    assertTrue(e.getMessage().startsWith("aggregator.selection: typical"), e.getMessage());
    assertTrue(e.getMessage().contains("has 3 distinct examples for 4 queries"), e.getMessage());
  }

  private static void assertDistancesKept(double[][] rows, double[][] projected) {
    for (int a = 0; a < rows.length; a++) {
      for (int b = 0; b < rows.length; b++) {
        assertEquals(distance(rows[a], rows[b]), distance(projected[a], projected[b]), 1e-9);
      }
    }
  }

  private static double distance(double[] a, double[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return Math.sqrt(sum);
  }
}
