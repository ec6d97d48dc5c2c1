package dev.pate.datasets.images;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * How images of a user's sources are made into one {@link dev.pate.datasets.ImageShape}: resized
 * to a fixed size, converted to a fixed number of channels, or neither, in which case every image
 * must already have the shape of the first one read.
 *
 * @param size the {@code height x width} every image is resized to (bilinear); empty: the images
 *     must all have one size
 * @param channels 1 (colour images become grey) or 3 (grey images become colour); empty: the
 *     images must all have one number of channels
 */
public record ImageConversion(Optional<Size> size, OptionalInt channels) {

  /** Nothing converted: every image must have the first one's shape. */
  public static final ImageConversion NONE = new ImageConversion(Optional.empty(),
      OptionalInt.empty());

  /** An image size, {@code height x width} pixels. */
  public record Size(int height, int width) {
    public Size {
      if (height < 1 || width < 1) {
        throw new IllegalArgumentException("size: " + height + "x" + width
            + " is not at least 1x1");
      }
    }
  }

  public ImageConversion {
    if (channels.isPresent() && channels.getAsInt() != 1 && channels.getAsInt() != 3) {
      throw new IllegalArgumentException("channels: " + channels.getAsInt()
          + " is not 1 (grey) or 3 (colour)");
    }
  }
}
