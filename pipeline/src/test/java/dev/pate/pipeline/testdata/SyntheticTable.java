package dev.pate.pipeline.testdata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * A small learnable CSV table for end-to-end tests (pipeline and command line): {@code income}
 * is {@code high} when {@code hours} plus 3 for colour {@code red} exceeds 6, with a header, a
 * {@code ?} now and then and an ignored {@code id}.
 */
public final class SyntheticTable {
  public static final String HEADER = "id,hours,colour,income";

  private SyntheticTable() {}

  /**
   * Writes {@code rows} rows; every {@code missingEvery}-th row (if > 0) has {@code ?} as its
   * colour. Labels end with {@code suffix} (Adult's test file writes {@code >50K.}).
   */
  public static Path write(Path file, int rows, long seed, int missingEvery, String suffix)
      throws IOException {
    Random random = new Random(seed);
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    String[] colours = {"red", "green", "blue"};
    for (int r = 0; r < rows; r++) {
      double hours = random.nextDouble() * 10;
      String colour = colours[random.nextInt(3)];
      boolean high = hours + (colour.equals("red") ? 3 : 0) > 6;
      boolean missing = missingEvery > 0 && r % missingEvery == missingEvery - 1;
      b.append(r).append(',').append(String.format(Locale.ROOT, "%.2f", hours)).append(',')
          .append(missing ? "?" : colour).append(',').append(high ? "high" : "low")
          .append(suffix).append('\n');
    }
    return Files.writeString(file, b.toString());
  }

  /** The run config of a tiny CSV run on {@code privateFile} and {@code publicFile}. */
  public static String config(Path privateFile, Path publicFile) {
    return String.join("\n",
        "name: tiny-csv",
        "seed: 5",
        "dataset:",
        "  name: csv",
        "  query_pool: 200",
        "  csv:",
        "    private_file: '" + privateFile + "'",
        "    public_file: '" + publicFile + "'",
        "    label: income",
        "    classes: [low, high]",
        "    strip_label_suffix: '.'",
        "    categorical: [colour]",
        "    numeric: [hours]",
        "    ignored: [id]",
        "    missing: ['?']",
        "teachers:",
        "  count: 5",
        "  network: {architecture: mlp, dense: [], epochs: 8, learning_rate: 0.03}",
        "aggregator:",
        "  mechanism: lnmax",
        "  gamma: 0.5",
        "  queries: 60",
        "  randomness: seeded",
        "student:",
        "  network: {architecture: mlp, dense: [8], epochs: 15, learning_rate: 0.01}",
        "baseline:",
        "  non_private: true",
        "  epochs: 3",
        "");
  }

  /**
   * The tiny CSV run with GNMax at {@code sigma}, secure noise and no non-private ceiling: a run
   * that can be charged to the private data set's budget.
   */
  public static String secureGnmaxConfig(Path privateFile, Path publicFile, String name,
      double sigma) {
    return config(privateFile, publicFile).replace("name: tiny-csv", "name: " + name)
        .replace("  mechanism: lnmax\n  gamma: 0.5\n", "  mechanism: gnmax\n  sigma: " + sigma
            + "\n").replace("randomness: seeded", "randomness: secure")
        .replace("baseline:\n  non_private: true\n  epochs: 3\n", "");
  }

  /**
   * The tiny CSV run in {@code dir}: {@code private.csv} (600 rows, every 10th colour missing),
   * {@code public.csv} (300 rows, labels ending with {@code .}) and its config {@code
   * tiny-csv.yaml} ({@link #config}).
   *
   * @return the config file
   */
  public static Path writeRun(Path dir) throws IOException {
    Path privateFile = write(dir.resolve("private.csv"), 600, 1, 10, "");
    Path publicFile = write(dir.resolve("public.csv"), 300, 2, 0, ".");
    return Files.writeString(dir.resolve("tiny-csv.yaml"), config(privateFile, publicFile));
  }
}
