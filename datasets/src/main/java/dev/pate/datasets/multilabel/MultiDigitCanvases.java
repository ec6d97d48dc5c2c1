package dev.pate.datasets.multilabel;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.TrainTest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The generated multi-digit benchmark: canvases of {@value #SLOTS} digit slots side by side (28 x
 * 84 for MNIST), each holding two or three digits in random slots (an empty slot stays black); the
 * label set is the distinct digits present, multi-hot over the 10 digit classes.
 *
 * <p>Private canvases are made from MNIST's training digits, public ones from its test digits, so
 * no digit is on both sides. Within a side every source digit is used at most once, so each digit
 * belongs to exactly one canvas: a guarantee for canvases (the examples PATE partitions among
 * teachers) is a guarantee for each digit too. Everything is a function of the seed alone.
 *
 * @param canvasesPerSide how many canvases to make from each split's digits
 * @param minDigits fewest digits on a canvas (at least 1)
 * @param maxDigits most digits on a canvas (at most {@value #SLOTS})
 * @param seed the one source of randomness
 */
public record MultiDigitCanvases(int canvasesPerSide, int minDigits, int maxDigits, long seed) {

  /** Digit slots per canvas. */
  public static final int SLOTS = 3;

  public MultiDigitCanvases {
    if (canvasesPerSide < 1) {
      throw new IllegalArgumentException("canvasesPerSide: " + canvasesPerSide + " is not >= 1");
    }
    if (minDigits < 1 || maxDigits > SLOTS || minDigits > maxDigits) {
      throw new IllegalArgumentException("digits: " + minDigits + ".." + maxDigits
          + " is not within 1.." + SLOTS);
    }
  }

  /** Private canvases from {@code digits.train()}, public ones from {@code digits.test()}. */
  public Sides generate(TrainTest digits) {
    return new Sides(
        canvases(digits.train(), "multi-" + digits.train().name(), new SplittableRandom(seed)),
        canvases(digits.test(), "multi-" + digits.test().name(),
            new SplittableRandom(seed).split()));
  }

  /**
   * The benchmark's two sides.
   *
   * @param privateCanvases from the training digits: teachers' data
   * @param publicCanvases from the test digits: the student's queries and its test set
   */
  public record Sides(MultiLabelImages privateCanvases, MultiLabelImages publicCanvases) {}

  /**
   * {@link #canvasesPerSide} canvases from {@code digits} alone (e.g. a public pool when the
   * private canvases are made elsewhere), named {@code multi-<digits' name>}, from the seed.
   */
  public MultiLabelImages canvases(ImageDataset digits) {
    return canvases(digits, "multi-" + digits.name(), new SplittableRandom(seed));
  }

  /** {@link #canvasesPerSide} canvases from {@code digits}, each digit used at most once. */
  MultiLabelImages canvases(ImageDataset digits, String name, SplittableRandom rng) {
    if (digits.channels() != 1) {
      throw new IllegalArgumentException("digits: " + digits.name() + " is not greyscale");
    }
    int rows = digits.rows();
    int cols = digits.cols();
    ImageShape canvas = ImageShape.grey(rows, cols * SLOTS);
    int[] order = shuffled(digits.size(), rng);
    long needed = (long) canvasesPerSide * maxDigits;
    if (needed > digits.size()) {
      throw new IllegalArgumentException("canvasesPerSide: " + canvasesPerSide + " canvases of up to "
          + maxDigits + " digits need up to " + needed + " digits, " + digits.name() + " has "
          + digits.size());
    }
    byte[] pixels = new byte[canvasesPerSide * canvas.size()];
    int[] masks = new int[canvasesPerSide];
    List<List<String>> sources = new ArrayList<>(canvasesPerSide);
    byte[] digit = new byte[rows * cols];
    int next = 0;
    for (int c = 0; c < canvasesPerSide; c++) {
      int count = minDigits + rng.nextInt(maxDigits - minDigits + 1);
      int[] slots = shuffled(SLOTS, rng);
      List<String> used = new ArrayList<>(count);
      for (int k = 0; k < count; k++) {
        int source = order[next++];
        digits.copyPixels(source, digit, 0);
        int left = slots[k] * cols;
        for (int r = 0; r < rows; r++) {
          System.arraycopy(digit, r * cols, pixels,
              c * canvas.size() + r * canvas.width() + left, cols);
        }
        masks[c] |= 1 << digits.label(source);
        used.add(digits.source() + "#" + digits.sourceIndex(source));
      }
      sources.add(used);
    }
    List<String> labelNames = new ArrayList<>();
    for (int j = 0; j < digits.numClasses(); j++) {
      labelNames.add(Integer.toString(j));
    }
    return new MultiLabelImages(name, canvas, pixels, masks, labelNames, sources);
  }

  /** A uniformly random permutation of 0..n-1 (Fisher-Yates). */
  private static int[] shuffled(int n, SplittableRandom rng) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }
}
