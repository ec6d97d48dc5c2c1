package dev.pate.pipeline.multilabel;

import dev.pate.config.MultiDigitConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.multilabel.MultiDigitCanvases;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.nn.Seeds;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A multi-label run's data: private canvases dealt out to the teachers in contiguous blocks by
 * position, and public canvases split into the query pool (the first {@code dataset.query_pool})
 * and the held-out set (the rest).
 *
 * @param dataDir the folder MNIST was read from
 * @param privateCanvases made from MNIST's training digits
 * @param pool the query pool, made from its test digits
 * @param heldOut the held-out evaluation canvases, from its test digits
 */
public record MultiLabelData(String dataDir, MultiLabelImages privateCanvases,
    MultiLabelImages pool, MultiLabelImages heldOut) {

  public MultiLabelData {
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(privateCanvases, "privateCanvases");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(heldOut, "heldOut");
  }

  /**
   * The canvases {@code config.dataset().multidigit()} describes, from MNIST in {@code
   * dataDirectory}; each side from its own seed derived from the run's, so that the private
   * canvases do not change when only the public ones are asked for otherwise.
   *
   * @throws IllegalStateException if the config's data set is not the multi-digit benchmark
   */
  public static MultiLabelData load(RunConfig config, DataDirectory dataDirectory) {
    MultiDigitConfig c = config.dataset().multidigit().orElseThrow(() ->
        new IllegalStateException("dataset.multidigit: not a multi-digit run"));
    TrainTest mnist = ImageDatasets.load("mnist", dataDirectory);
    MultiLabelImages privateCanvases = new MultiDigitCanvases(c.privateCanvases(), c.minDigits(),
        c.maxDigits(), Seeds.derive(config.seed(), "canvases-private", 0))
        .canvases(mnist.train());
    MultiLabelImages publicCanvases = new MultiDigitCanvases(c.publicCanvases(), c.minDigits(),
        c.maxDigits(), Seeds.derive(config.seed(), "canvases-public", 0)).canvases(mnist.test());
    int pool = config.dataset().queryPool();
    MultiLabelData data = new MultiLabelData(dataDirectory.locate("mnist").toString(),
        privateCanvases, publicCanvases.subset(publicCanvases.name() + "/pool", range(0, pool)),
        publicCanvases.subset(publicCanvases.name() + "/held-out",
            range(pool, publicCanvases.size())));
    data.requireDisjoint();
    return data;
  }

  /** The number of labels K. */
  public int labels() {
    return privateCanvases.labels();
  }

  /**
   * Teacher {@code t}'s canvases of {@code teachers}: a contiguous block by position (sizes
   * differ by at most one), so a canvas's teacher depends on its position alone.
   */
  public MultiLabelImages partition(int t, int teachers) {
    return privateCanvases.subset("teacher " + t, positions(t, teachers));
  }

  /** The positions in the private canvases of teacher {@code t}'s block of {@code teachers}. */
  public int[] positions(int t, int teachers) {
    int n = privateCanvases.size();
    int from = (int) ((long) t * n / teachers);
    int to = (int) ((long) (t + 1) * n / teachers);
    return range(from, to);
  }

  /**
   * No source digit is on a private canvas and a public one, or on a pool canvas and a held-out
   * one (the generator uses each digit once per side, and the sides come from MNIST's two
   * splits; checked here rather than trusted).
   */
  private void requireDisjoint() {
    Set<String> privateDigits = digits(privateCanvases);
    Set<String> poolDigits = digits(pool);
    for (List<String> canvas : heldOut.sources()) {
      for (String digit : canvas) {
        if (privateDigits.contains(digit) || poolDigits.contains(digit)) {
          throw new IllegalStateException("digit " + digit + " is on a held-out canvas and"
              + " another");
        }
      }
    }
    for (String digit : poolDigits) {
      if (privateDigits.contains(digit)) {
        throw new IllegalStateException("digit " + digit + " is on a private and a pool canvas");
      }
    }
  }

  private static Set<String> digits(MultiLabelImages images) {
    Set<String> digits = new HashSet<>();
    for (List<String> canvas : images.sources()) {
      digits.addAll(canvas);
    }
    return digits;
  }

  static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }
}
