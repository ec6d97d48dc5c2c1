package dev.pate.datasets.images;

import dev.pate.datasets.ImageShape;

/**
 * The pixel arithmetic of image loading, on unsigned bytes: interleaved to planar layout, grey to
 * colour and back, and bilinear resizing. Pure and deterministic (no Java2D), so an image becomes
 * the same bytes on every machine and a run is reproducible.
 */
final class PixelArrays {
  /** ITU-R BT.601 luma weights, as most image libraries turn colour into grey. */
  private static final double RED = 0.299;
  private static final double GREEN = 0.587;
  private static final double BLUE = 0.114;

  private PixelArrays() {}

  /**
   * Image {@code index} of {@code interleaved} (row-major, a pixel's {@code shape.channels()}
   * values next to each other: NumPy's H x W x C) in planar layout (channel by channel).
   */
  static byte[] planar(byte[] interleaved, int index, ImageShape shape) {
    int channels = shape.channels();
    int plane = shape.planeSize();
    int start = index * shape.size();
    byte[] out = new byte[shape.size()];
    for (int p = 0; p < plane; p++) {
      for (int c = 0; c < channels; c++) {
        out[c * plane + p] = interleaved[start + p * channels + c];
      }
    }
    return out;
  }

  /** One planar image with {@code channels} channels: grey copied thrice, or colour to luma. */
  static byte[] withChannels(byte[] image, ImageShape shape, int channels) {
    if (shape.channels() == channels) {
      return image;
    }
    int plane = shape.planeSize();
    byte[] out = new byte[channels * plane];
    if (channels == 3) {
      for (int c = 0; c < 3; c++) {
        System.arraycopy(image, 0, out, c * plane, plane);
      }
      return out;
    }
    for (int p = 0; p < plane; p++) {
      double luma = RED * (image[p] & 0xFF) + GREEN * (image[plane + p] & 0xFF)
          + BLUE * (image[2 * plane + p] & 0xFF);
      out[p] = (byte) Math.min(255, (int) Math.round(luma));
    }
    return out;
  }

  /**
   * One planar image resized to {@code height x width} by bilinear interpolation between pixel
   * centres (as OpenCV's INTER_LINEAR), each channel alike.
   */
  static byte[] resized(byte[] image, ImageShape shape, int height, int width) {
    if (shape.height() == height && shape.width() == width) {
      return image;
    }
    int channels = shape.channels();
    int inH = shape.height();
    int inW = shape.width();
    byte[] out = new byte[channels * height * width];
    double scaleY = inH / (double) height;
    double scaleX = inW / (double) width;
    for (int y = 0; y < height; y++) {
      double sy = Math.min(Math.max((y + 0.5) * scaleY - 0.5, 0), inH - 1);
      int y0 = (int) sy;
      int y1 = Math.min(y0 + 1, inH - 1);
      double fy = sy - y0;
      for (int x = 0; x < width; x++) {
        double sx = Math.min(Math.max((x + 0.5) * scaleX - 0.5, 0), inW - 1);
        int x0 = (int) sx;
        int x1 = Math.min(x0 + 1, inW - 1);
        double fx = sx - x0;
        for (int c = 0; c < channels; c++) {
          int base = c * inH * inW;
          double top = (1 - fx) * (image[base + y0 * inW + x0] & 0xFF)
              + fx * (image[base + y0 * inW + x1] & 0xFF);
          double bottom = (1 - fx) * (image[base + y1 * inW + x0] & 0xFF)
              + fx * (image[base + y1 * inW + x1] & 0xFF);
          out[c * height * width + y * width + x] =
              (byte) Math.min(255, (int) Math.round((1 - fy) * top + fy * bottom));
        }
      }
    }
    return out;
  }
}
