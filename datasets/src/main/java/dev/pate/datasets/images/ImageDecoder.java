package dev.pate.datasets.images;

import dev.pate.datasets.ImageShape;
import dev.pate.files.UserError;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Decodes one PNG or JPEG file through the JDK's ImageIO into planar unsigned bytes: grey images
 * (with or without alpha) as one channel, colour and palette images as three (red, green, blue);
 * alpha is dropped, 16-bit samples keep their high byte. The samples are read from the raster as
 * stored, not through a colour-space conversion, so a grey PNG keeps its values exactly.
 */
final class ImageDecoder {
  private ImageDecoder() {}

  /** A decoded image: its shape and planar pixels. */
  record Decoded(ImageShape shape, byte[] pixels) {}

  /** @throws UserError one line naming the file if it is not a PNG or JPEG ImageIO can read */
  static Decoded decode(Path file) {
    BufferedImage image;
    try {
      // From the file, not a stream: ImageIO would copy a stream to a temporary file first.
      image = ImageIO.read(file.toFile());
    } catch (IOException | RuntimeException e) {
      throw UserError.forFile(file, "cannot be decoded (" + UserError.describe(e)
          + "), expected a PNG or JPEG image", e);
    }
    if (image == null) {
      throw UserError.forFile(file, "is not an image ImageIO can read, expected a PNG or JPEG"
          + " image");
    }
    ColorModel model = image.getColorModel();
    int width = image.getWidth();
    int height = image.getHeight();
    if (model instanceof IndexColorModel) {
      return palette(image, width, height);
    }
    int colours = model.getNumColorComponents();
    if (colours != 1 && colours != 3) {
      throw UserError.forFile(file, "has " + colours + " colour components (a CMYK or other"
          + " colour space), expected grey or RGB");
    }
    ImageShape shape = new ImageShape(colours, height, width);
    Raster raster = image.getRaster();
    byte[] out = new byte[shape.size()];
    int[] samples = new int[shape.planeSize()];
    for (int c = 0; c < colours; c++) {
      int bits = model.getComponentSize(c);
      raster.getSamples(0, 0, width, height, c, samples);
      int plane = c * shape.planeSize();
      for (int p = 0; p < samples.length; p++) {
        out[plane + p] = (byte) toByte(samples[p], bits);
      }
    }
    return new Decoded(shape, out);
  }

  /** A palette image: its colours looked up, as red, green and blue planes. */
  private static Decoded palette(BufferedImage image, int width, int height) {
    ImageShape shape = new ImageShape(3, height, width);
    int[] argb = image.getRGB(0, 0, width, height, null, 0, width);
    byte[] out = new byte[shape.size()];
    int plane = shape.planeSize();
    for (int p = 0; p < plane; p++) {
      out[p] = (byte) (argb[p] >> 16);
      out[plane + p] = (byte) (argb[p] >> 8);
      out[2 * plane + p] = (byte) argb[p];
    }
    return new Decoded(shape, out);
  }

  private static int toByte(int sample, int bits) {
    if (bits == 8) {
      return sample;
    }
    if (bits > 8) {
      return sample >>> (bits - 8);
    }
    return (int) Math.round(sample * 255.0 / ((1 << bits) - 1));
  }
}
