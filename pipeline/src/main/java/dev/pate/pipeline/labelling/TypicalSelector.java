package dev.pate.pipeline.labelling;

import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.Clusterable;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.distance.EuclideanDistance;
import org.apache.commons.math3.random.Well19937c;

/**
 * {@code aggregator.selection: typical}: the pool's most typical images, one per cluster, so that
 * few labels cover the pool and the teachers are asked what they agree on. A cold start for a
 * budget of few labels in the manner of TypiClust (Hacohen, Dekel and Weinshall, ICML 2022): the
 * pool's features are projected on their leading principal components, cut into as many k-means++
 * clusters as there are queries, and each cluster asks its member nearest the centroid, the
 * largest cluster first (so a budget stop drops the least representative images).
 *
 * <p>Why it helps PATE twice: the student gets labels spread over the whole pool instead of a
 * random sample's clumps, and a cluster's centre is an ordinary image of its class, on which the
 * teachers' votes concentrate, so fewer noisy answers are wrong at the same noise.
 *
 * <p>Privacy: the choice reads the public pool alone, never the votes or the private data, and is
 * made before any query is asked; it costs nothing. It is reproducible: the projection and the
 * clustering run in plain Java doubles on one thread with a generator seeded from the run seed.
 * The choice is made when the selector is made, with the run's other checks.
 */
final class TypicalSelector implements QuerySelector {

  /**
   * Principal components kept: enough for the pool's images (MNIST's first 50 hold about 83% of
   * the pixel variance), few enough that clustering thousands of images takes seconds.
   */
  static final int COMPONENTS = 50;

  /** Rows the covariance is estimated from, at most. */
  static final int COVARIANCE_ROWS = 2000;

  /** Lloyd iterations at most; k-means++ starts converge well before on image pools. */
  private static final int MAX_ITERATIONS = 100;

  private final int[] chosen;

  private TypicalSelector(int[] chosen) {
    this.chosen = chosen;
  }

  /**
   * Chooses the {@code queries} typical images of {@code pool} now, so that a pool that cannot
   * give them is refused before any teacher trains.
   *
   * @throws UserError if the pool has fewer distinct examples than {@code queries}
   */
  static TypicalSelector of(Dataset pool, int queries, long seed) {
    double[][] points = project(rows(pool), COMPONENTS);
    long distinct = Arrays.stream(points).map(p -> Arrays.stream(p).boxed().toList())
        .distinct().count();
    if (distinct < queries) {
      // k-means cannot make more clusters than there are distinct examples.
      throw new UserError("aggregator.selection: typical asks one image per cluster, but the"
          + " query pool " + pool.name() + " has " + distinct + " distinct examples for "
          + queries + " queries; ask at most " + distinct + " (aggregator.queries) or use random");
    }
    return new TypicalSelector(typical(points, queries, seed));
  }

  @Override
  public RoundChoice choose(int round, int size, Released released) {
    if (round != 0 || released.positions().length != 0 || size != chosen.length) {
      throw new IllegalStateException("typical selection chose " + chosen.length + " queries for"
          + " round 0; asked for " + size + " in round " + round);
    }
    return RoundChoice.of(chosen.clone(), "typical");
  }

  /**
   * The {@code k} typical rows of {@code points}: k-means++ into {@code k} clusters, then from
   * each cluster the member nearest its centroid (the lower row on a tie), clusters by size
   * (largest first, then by their typical row).
   */
  static int[] typical(double[][] points, int k, long seed) {
    if (k > points.length) {
      throw new IllegalArgumentException("k: " + k + " clusters of " + points.length + " points");
    }
    List<Row> rows = new ArrayList<>(points.length);
    for (int i = 0; i < points.length; i++) {
      rows.add(new Row(i, points[i]));
    }
    KMeansPlusPlusClusterer<Row> kmeans = new KMeansPlusPlusClusterer<>(k, MAX_ITERATIONS,
        new EuclideanDistance(), new Well19937c(seed));
    List<CentroidCluster<Row>> clusters = kmeans.cluster(rows);
    EuclideanDistance distance = new EuclideanDistance();
    record Typical(int row, int clusterSize) {}
    List<Typical> typical = new ArrayList<>(k);
    for (CentroidCluster<Row> cluster : clusters) {
      double[] centre = cluster.getCenter().getPoint();
      Row best = null;
      double bestDistance = Double.POSITIVE_INFINITY;
      for (Row row : cluster.getPoints()) {
        double d = distance.compute(centre, row.point());
        if (d < bestDistance || (d == bestDistance && row.index() < best.index())) {
          best = row;
          bestDistance = d;
        }
      }
      if (best != null) {
        typical.add(new Typical(best.index(), cluster.getPoints().size()));
      }
    }
    if (typical.size() != k) {
      // commons-math refills an emptied cluster from the most spread one, so this is a bug.
      throw new IllegalStateException("k-means left " + (k - typical.size()) + " of " + k
          + " clusters empty");
    }
    return typical.stream()
        .sorted(Comparator.comparingInt(Typical::clusterSize).reversed()
            .thenComparingInt(Typical::row))
        .mapToInt(Typical::row)
        .toArray();
  }

  /** Every example's features as a row of doubles. */
  static double[][] rows(Dataset examples) {
    int width = examples.featureCount();
    float[] row = new float[width];
    double[][] rows = new double[examples.size()][width];
    for (int i = 0; i < rows.length; i++) {
      examples.featuresAsFloats(i, i + 1, row, 0);
      for (int j = 0; j < width; j++) {
        rows[i][j] = row[j];
      }
    }
    return rows;
  }

  /**
   * The rows, centred (in place), in the coordinates of their {@code components} leading principal
   * components (all of them when the rows are narrower): the eigenvectors of their covariance,
   * estimated from at most {@value #COVARIANCE_ROWS} evenly spaced rows, which fix the leading
   * directions as well as all rows would at a fraction of the cost (through the sample's Gram
   * matrix when the rows are wider than the sample).
   */
  static double[][] project(double[][] rows, int components) {
    int n = rows.length;
    int width = rows[0].length;
    double[] mean = new double[width];
    for (double[] row : rows) {
      for (int j = 0; j < width; j++) {
        mean[j] += row[j] / n;
      }
    }
    for (double[] row : rows) {
      for (int j = 0; j < width; j++) {
        row[j] -= mean[j];
      }
    }
    int sampled = Math.min(n, COVARIANCE_ROWS);
    double[][] sample = new double[sampled][];
    for (int s = 0; s < sampled; s++) {
      sample[s] = rows[(int) ((long) s * n / sampled)];
    }
    double[][] axes = width <= sampled ? covarianceAxes(sample, components)
        : gramAxes(sample, components);
    double[][] projected = new double[n][axes.length];
    for (int c = 0; c < axes.length; c++) {
      for (int i = 0; i < n; i++) {
        projected[i][c] = dot(rows[i], axes[c]);
      }
    }
    return projected;
  }

  /** The leading unit eigenvectors of the sample's (unscaled) covariance, width x width. */
  private static double[][] covarianceAxes(double[][] sample, int components) {
    int width = sample[0].length;
    double[][] covariance = new double[width][width];
    for (double[] row : sample) {
      for (int a = 0; a < width; a++) {
        double ra = row[a];
        if (ra != 0) {
          double[] out = covariance[a];
          for (int b = a; b < width; b++) {
            out[b] += ra * row[b];
          }
        }
      }
    }
    for (int a = 0; a < width; a++) {
      for (int b = a; b < width; b++) {
        covariance[b][a] = covariance[a][b];
      }
    }
    EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(covariance, false));
    RealMatrix basis = eigen.getV();
    int[] order = leading(eigen.getRealEigenvalues(), components);
    double[][] axes = new double[order.length][];
    for (int c = 0; c < order.length; c++) {
      axes[c] = basis.getColumn(order[c]);
    }
    return axes;
  }

  /**
   * The same axes for rows wider than the sample: from the eigenvectors u of the sample's Gram
   * matrix (m x m, m rows), each axis the sample's rows combined by u, normalised. The covariance
   * would be width x width of rank below m, and its many equal zero eigenvalues are where
   * commons-math's eigen solver fails to converge (measured: 2000 rows of 3072 features); the
   * Gram matrix shares its nonzero eigenvalues and is m x m.
   */
  private static double[][] gramAxes(double[][] sample, int components) {
    int m = sample.length;
    double[][] gram = new double[m][m];
    for (int a = 0; a < m; a++) {
      for (int b = a; b < m; b++) {
        gram[a][b] = dot(sample[a], sample[b]);
        gram[b][a] = gram[a][b];
      }
    }
    EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(gram, false));
    double[] values = eigen.getRealEigenvalues();
    RealMatrix basis = eigen.getV();
    List<double[]> axes = new ArrayList<>();
    double largest = Arrays.stream(values).max().orElse(0);
    for (int index : leading(values, components)) {
      if (values[index] <= largest * 1e-12) {
        break; // no variance left along it: the sample spans fewer directions
      }
      double[] u = basis.getColumn(index);
      double[] axis = new double[sample[0].length];
      for (int r = 0; r < m; r++) {
        for (int j = 0; j < axis.length; j++) {
          axis[j] += u[r] * sample[r][j];
        }
      }
      double norm = Math.sqrt(dot(axis, axis));
      for (int j = 0; j < axis.length; j++) {
        axis[j] /= norm;
      }
      axes.add(axis);
    }
    return axes.toArray(double[][]::new);
  }

  /** The positions of the {@code count} largest values (all when fewer), largest first. */
  private static int[] leading(double[] values, int count) {
    return IntStream.range(0, values.length).boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> -values[i]).thenComparingInt(i -> i))
        .limit(count)
        .mapToInt(Integer::intValue)
        .toArray();
  }

  private static double dot(double[] a, double[] b) {
    double sum = 0;
    for (int j = 0; j < a.length; j++) {
      sum += a[j] * b[j];
    }
    return sum;
  }

  /** A pool row as commons-math clusters it. */
  private record Row(int index, double[] point) implements Clusterable {
    @Override
    public double[] getPoint() {
      return point;
    }
  }
}
