package dev.pate.datasets;

/**
 * The shape of every image of a dataset: {@code channels} planes (1 grey, 3 red-green-blue) of
 * {@code height x width} pixels. Pixels are stored and handed to networks channel by channel
 * (planar, "CHW": all of channel 0 row by row, then channel 1, ...), which is what DL4J's
 * convolutional input expects of a flat row.
 *
 * @param channels 1 (grey) or 3 (colour)
 * @param height rows of pixels
 * @param width columns of pixels
 */
public record ImageShape(int channels, int height, int width) {

  public ImageShape {
    if (channels != 1 && channels != 3) {
      throw new IllegalArgumentException("channels: " + channels + " is not 1 (grey) or 3 (colour)");
    }
    if (height < 1 || width < 1) {
      throw new IllegalArgumentException("image: " + height + "x" + width + " is not at least 1x1");
    }
    if ((long) channels * height * width > Integer.MAX_VALUE / 4) {
      throw new IllegalArgumentException("image: " + this + " has too many pixels");
    }
  }

  /** A grey image of {@code height x width}. */
  public static ImageShape grey(int height, int width) {
    return new ImageShape(1, height, width);
  }

  /** Pixels of one channel: {@code height * width}. */
  public int planeSize() {
    return height * width;
  }

  /** Values of one image: {@code channels * height * width}. */
  public int size() {
    return channels * height * width;
  }

  /**
   * The shape {@link #toString} wrote ({@code HxW} grey, {@code HxWx3} colour), as report.json
   * keeps it.
   *
   * @throws IllegalArgumentException if {@code text} is not such a shape
   */
  public static ImageShape parse(String text) {
    String[] parts = text.split("x", -1);
    try {
      if (parts.length == 2 || (parts.length == 3 && parts[2].equals("3"))) {
        return new ImageShape(parts.length == 2 ? 1 : 3, Integer.parseInt(parts[0]),
            Integer.parseInt(parts[1]));
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("image shape: '" + text
        + "' is not HxW (grey) or HxWx3 (colour)");
  }

  /** {@code HxW} for grey, {@code HxWx3} for colour, e.g. {@code 28x28}, {@code 32x32x3}. */
  @Override
  public String toString() {
    return height + "x" + width + (channels == 1 ? "" : "x" + channels);
  }
}
