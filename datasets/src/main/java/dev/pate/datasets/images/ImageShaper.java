package dev.pate.datasets.images;

import dev.pate.datasets.ImageShape;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Makes every image of a run one {@link ImageShape}: as {@link ImageConversion} says (resize,
 * convert channels), and otherwise by insisting that each image has the shape of the first one
 * read (or the one a released model expects). One shaper serves all of a run's sources, so the
 * private set, the pool and the evaluation set end up alike.
 */
public final class ImageShaper {
  private final ImageConversion conversion;
  private final boolean configHints;
  private ImageShape target;
  private String firstImage;

  private ImageShaper(ImageConversion conversion, ImageShape target, String firstImage,
      boolean configHints) {
    this.conversion = conversion;
    this.target = target;
    this.firstImage = firstImage;
    this.configHints = configHints;
  }

  /** A shaper whose target is set by the conversion and, for the rest, by the first image. */
  public static ImageShaper of(ImageConversion conversion) {
    return new ImageShaper(conversion, null, null, true);
  }

  /**
   * A shaper for images a model expects to be {@code target}: converted as the model's training
   * data was, otherwise required to be {@code target} already.
   */
  public static ImageShaper expecting(ImageShape target, ImageConversion conversion,
      String whatExpects) {
    return new ImageShaper(conversion, target, whatExpects, false);
  }

  /**
   * Bytes of {@code count} shaped images of {@code imageBytes} each, for one array: one line
   * naming {@code source} when they would not fit one (more than 2^31 - 1 bytes).
   */
  static int total(Path source, int count, int imageBytes) {
    long total = (long) count * imageBytes;
    if (total > Integer.MAX_VALUE - 8) {
      throw UserError.forFile(source, count + " images of " + imageBytes + " bytes are "
          + total + " bytes, more than one array holds; resize them smaller"
          + " (dataset.images.resize) or use fewer");
    }
    return (int) total;
  }

  /** The shape every image has been made into; empty before the first image. */
  public Optional<ImageShape> target() {
    return Optional.ofNullable(target);
  }

  /** The conversion applied. */
  public ImageConversion conversion() {
    return conversion;
  }

  /**
   * One planar image of {@code shape} in the target shape.
   *
   * @param what names the image in a message: its file, or an index in an array file
   * @throws UserError naming {@code what} if it has another shape that nothing converts
   */
  byte[] shape(byte[] image, ImageShape shape, String what) {
    int channels = conversion.channels().orElse(target != null ? target.channels()
        : shape.channels());
    int height = conversion.size().map(ImageConversion.Size::height)
        .orElse(target != null ? target.height() : shape.height());
    int width = conversion.size().map(ImageConversion.Size::width)
        .orElse(target != null ? target.width() : shape.width());
    if (target == null) {
      target = new ImageShape(channels, height, width);
      firstImage = what;
    }
    if (conversion.channels().isEmpty() && shape.channels() != target.channels()) {
      throw new UserError(what + ": " + describe(shape.channels()) + ", expected "
          + describe(target.channels()) + " like " + firstImage + (configHints
              ? " (set dataset.images.channels to convert them)" : ""));
    }
    if (conversion.size().isEmpty()
        && (shape.height() != target.height() || shape.width() != target.width())) {
      throw new UserError(what + ": " + shape.height() + "x" + shape.width() + " pixels,"
          + " expected " + target.height() + "x" + target.width() + " like " + firstImage
          + (configHints ? " (set dataset.images.resize to resize them)" : ""));
    }
    byte[] converted = PixelArrays.withChannels(image, shape, target.channels());
    ImageShape afterChannels = new ImageShape(target.channels(), shape.height(), shape.width());
    return PixelArrays.resized(converted, afterChannels, target.height(), target.width());
  }

  private static String describe(int channels) {
    return channels == 1 ? "grey (1 channel)" : "colour (" + channels + " channels)";
  }
}
