package dev.pate.pipeline.testdata;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import javax.imageio.ImageIO;

/**
 * Generated colour images in folders, for runs on images as users have them: class k is a
 * square of colour {@link #COLOURS}[k] at a random place on a noisy grey background, so small
 * networks learn it in a few epochs. Nothing big is checked in; the command line's {@code
 * ColourFoldersBenchmark} makes a larger set of all ten classes.
 */
public final class ColourImages {
  /** The class names of all ten colours, in label order. */
  public static final List<String> ALL_CLASSES = List.of("red", "green", "blue", "yellow",
      "purple", "orange", "cyan", "pink", "brown", "white");

  /** The three classes the tests use. */
  public static final List<String> CLASSES = ALL_CLASSES.subList(0, 3);

  private static final int[][] COLOURS = {{220, 40, 40}, {40, 200, 60}, {50, 70, 230},
      {230, 220, 50}, {150, 50, 200}, {240, 140, 30}, {40, 210, 210}, {240, 120, 190},
      {130, 80, 40}, {235, 235, 235}};

  private ColourImages() {}

  /** One image of class {@code label} of {@link #ALL_CLASSES}, drawn from {@code random}. */
  public static BufferedImage image(int label, int side, Random random) {
    BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < side; y++) {
      for (int x = 0; x < side; x++) {
        int grey = 60 + random.nextInt(80);
        image.setRGB(x, y, grey << 16 | grey << 8 | grey);
      }
    }
    int[] colour = COLOURS[label];
    int size = side / 2;
    int left = random.nextInt(side - size + 1);
    int top = random.nextInt(side - size + 1);
    for (int y = top; y < top + size; y++) {
      for (int x = left; x < left + size; x++) {
        int r = clamp(colour[0] + random.nextInt(41) - 20);
        int g = clamp(colour[1] + random.nextInt(41) - 20);
        int b = clamp(colour[2] + random.nextInt(41) - 20);
        image.setRGB(x, y, r << 16 | g << 8 | b);
      }
    }
    return image;
  }

  /** {@code perClass} PNG images per class of {@link #CLASSES} in {@code folder/<class>/}. */
  public static Path labelled(Path folder, int perClass, int side, long seed)
      throws IOException {
    return labelled(folder, CLASSES.size(), perClass, side, seed);
  }

  /** {@code perClass} PNG images of each of the first {@code classes} classes. */
  public static Path labelled(Path folder, int classes, int perClass, int side, long seed)
      throws IOException {
    return write(folder, classes * perClass, side, seed, i -> i / perClass,
        i -> ALL_CLASSES.get(i / perClass) + String.format("/%04d.png", i % perClass));
  }

  /** {@code count} unlabelled PNG images of {@link #CLASSES} in turn, {@code folder/NNNN.png}. */
  public static Path unlabelled(Path folder, int count, int side, long seed)
      throws IOException {
    return unlabelled(folder, CLASSES.size(), count, side, seed);
  }

  /** {@code count} unlabelled PNG images of the first {@code classes} classes in turn. */
  public static Path unlabelled(Path folder, int classes, int count, int side, long seed)
      throws IOException {
    return write(folder, count, side, seed, i -> i % classes, i -> String.format("%04d.png", i));
  }

  /** Image {@code i} of {@code count}: of class {@code classOf(i)}, at {@code folder/pathOf(i)}. */
  private static Path write(Path folder, int count, int side, long seed, IntUnaryOperator classOf,
      IntFunction<String> pathOf) throws IOException {
    Random random = new Random(seed);
    for (int i = 0; i < count; i++) {
      Path file = folder.resolve(pathOf.apply(i));
      Files.createDirectories(file.getParent());
      ImageIO.write(image(classOf.applyAsInt(i), side, random), "png", file.toFile());
    }
    return folder;
  }

  private static int clamp(int v) {
    return Math.max(0, Math.min(255, v));
  }

  /** A run config on {@code privateDir}, {@code poolDir} and {@code evalDir}, small and fast. */
  public static String config(String name, Path privateDir, Path poolDir, Path evalDir, int pool,
      int queries) {
    return String.join("\n",
        "name: " + name,
        "seed: 3",
        "dataset:",
        "  name: images",
        "  query_pool: " + pool,
        "  images:",
        "    private_dir: '" + privateDir + "'",
        "    public_dir: '" + poolDir + "'",
        "    eval_dir: '" + evalDir + "'",
        "    classes: [" + String.join(", ", CLASSES) + "]",
        "teachers:",
        "  count: 3",
        "  augment: [flip, shift]",
        "  network: {architecture: cnn, conv_filters: [6], kernel: 3, dense: [16], epochs: 6,"
            + " batch_size: 16, learning_rate: 0.01}",
        "aggregator:",
        "  mechanism: lnmax",
        "  gamma: 0.5",
        "  queries: " + queries,
        "  randomness: seeded",
        "student:",
        "  method: self-training",
        "  augment: [flip]",
        "  self_training: {warmup_epochs: 1, unlabelled_ratio: 1, strong_augment: [shift, cutout]}",
        "  network: {architecture: cnn, conv_filters: [6], kernel: 3, dense: [16], epochs: 12,"
            + " batch_size: 16, learning_rate: 0.01}",
        "");
  }

  /** Side of the images of {@link #writeRun}. */
  public static final int RUN_SIDE = 12;

  /** Pool images of {@link #writeRun}. */
  public static final int RUN_POOL = 60;

  /**
   * The run on images as a user has them, in {@code dir}: {@code private/} (40 images per class,
   * one sub-folder per class), {@code pool/} ({@link #RUN_POOL} unlabelled images) and {@code
   * eval/} (10 per class), all {@link #RUN_SIDE} pixels square, and its config {@code
   * colour.yaml} (name {@code colour}, 30 queries), which names the folders relative to itself as
   * a user beside them writes them: they are found there whatever the working directory (issue
   * 30).
   *
   * @return the config file
   */
  public static Path writeRun(Path dir) throws IOException {
    Path privateDir = labelled(dir.resolve("private"), 40, RUN_SIDE, 1);
    Path poolDir = unlabelled(dir.resolve("pool"), RUN_POOL, RUN_SIDE, 2);
    Path evalDir = labelled(dir.resolve("eval"), 10, RUN_SIDE, 3);
    return Files.writeString(dir.resolve("colour.yaml"), config("colour",
        dir.relativize(privateDir), dir.relativize(poolDir), dir.relativize(evalDir), RUN_POOL,
        30));
  }
}
