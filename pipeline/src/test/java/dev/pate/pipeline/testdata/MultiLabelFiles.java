package dev.pate.pipeline.testdata;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * Small learnable multi-label data for end-to-end tests (pipeline and command line), written in
 * the test: a CSV table whose label columns {@code high_x}, {@code high_y} and {@code red} say
 * whether {@code x > 0}, {@code y > 0} and the colour is red; and folders of colour images whose
 * labels {@code red} and {@code green} say which channels are bright, with their labels files.
 */
public final class MultiLabelFiles {

  /** The table's label columns. */
  public static final String TABLE_LABELS = "[high_x, high_y, red]";

  private MultiLabelFiles() {}

  /**
   * Writes a table of {@code rows} rows; row {@code missingRow} (if >= 0) has {@code ?} as its
   * {@code high_y} label, so a reader drops it (a private row) and counts it.
   */
  public static Path table(Path file, int rows, long seed, int missingRow) throws IOException {
    Random random = new Random(seed);
    StringBuilder b = new StringBuilder("id,x,y,colour,high_x,high_y,red\n");
    String[] colours = {"red", "green", "blue"};
    for (int r = 0; r < rows; r++) {
      double x = random.nextGaussian();
      double y = random.nextGaussian();
      String colour = colours[random.nextInt(3)];
      b.append(r).append(',').append(String.format(Locale.ROOT, "%.3f,%.3f", x, y)).append(',')
          .append(colour).append(',').append(x > 0 ? 1 : 0).append(',')
          .append(r == missingRow ? "?" : y > 0 ? "1" : "0").append(',')
          .append(colour.equals("red") ? 1 : 0).append('\n');
    }
    return Files.writeString(file, b.toString());
  }

  /** A multi-label table run on {@code privateFile} and {@code publicFile} (pool of 80). */
  public static String tableConfig(String name, Path privateFile, Path publicFile) {
    return String.join("\n",
        "name: " + name,
        "seed: 5",
        "dataset:",
        "  name: csv",
        "  query_pool: 80",
        "  csv:",
        "    private_file: '" + privateFile + "'",
        "    public_file: '" + publicFile + "'",
        "    labels: " + TABLE_LABELS,
        "    numeric: [x, y]",
        "    categorical: [colour]",
        "    ignored: [id]",
        "    missing: ['?']",
        NETWORKS,
        "multi_label: {mechanism: binary-voting, sigma: 1.0}",
        "");
  }

  private static final String NETWORKS = String.join("\n",
      "teachers:",
      "  count: 4",
      "  network: {architecture: mlp, dense: [8], epochs: 3, learning_rate: 0.05}",
      "aggregator: {queries: 20, selection: random, randomness: seeded}",
      "student:",
      "  network: {architecture: mlp, dense: [8], epochs: 5, learning_rate: 0.05}");

  /**
   * Writes {@code count} 6x6 colour images into {@code folder} (the first third in a sub-folder
   * {@code a/}) and their labels file {@code labelsFile} ({@code path,red,green}).
   */
  public static void images(Path folder, Path labelsFile, int count, long seed)
      throws IOException {
    Random random = new Random(seed);
    StringBuilder labels = new StringBuilder("path,red,green\n");
    for (int i = 0; i < count; i++) {
      boolean red = random.nextBoolean();
      boolean green = random.nextBoolean();
      BufferedImage image = new BufferedImage(6, 6, BufferedImage.TYPE_INT_RGB);
      for (int y = 0; y < 6; y++) {
        for (int x = 0; x < 6; x++) {
          int r = (red ? 200 : 40) + random.nextInt(30);
          int g = (green ? 200 : 40) + random.nextInt(30);
          image.setRGB(x, y, (r << 16) | (g << 8) | (60 + random.nextInt(30)));
        }
      }
      String path = (i < count / 3 ? "a/" : "") + "img" + i + ".png";
      Files.createDirectories(folder.resolve(path).getParent());
      ImageIO.write(image, "png", folder.resolve(path).toFile());
      labels.append(path).append(',').append(red ? 1 : 0).append(',').append(green ? 1 : 0)
          .append('\n');
    }
    Files.writeString(labelsFile, labels.toString());
  }

  /** A multi-label image run (pool of 20) on the folders and labels files under {@code dir}. */
  public static String imagesConfig(String name, Path dir) {
    return String.join("\n",
        "name: " + name,
        "seed: 5",
        "dataset:",
        "  name: images",
        "  query_pool: 20",
        "  images:",
        "    private_dir: '" + dir.resolve("private") + "'",
        "    private_labels: '" + dir.resolve("private.csv") + "'",
        "    public_dir: '" + dir.resolve("public") + "'",
        "    public_labels: '" + dir.resolve("public.csv") + "'",
        "    labels: [red, green]",
        NETWORKS.replace("queries: 20", "queries: 10"),
        "multi_label: {mechanism: powerset-voting, sigma: 1.0}",
        "");
  }

  /** Writes the folders and labels files {@link #imagesConfig} reads: 40 private, 30 public. */
  public static void writeImages(Path dir) throws IOException {
    images(dir.resolve("private"), dir.resolve("private.csv"), 40, 1);
    images(dir.resolve("public"), dir.resolve("public.csv"), 30, 2);
  }
}
