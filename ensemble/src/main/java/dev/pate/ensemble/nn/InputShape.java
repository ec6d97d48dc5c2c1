package dev.pate.ensemble.nn;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import org.deeplearning4j.nn.conf.inputs.InputType;

/**
 * What one example looks like to a network: an image of {@code channels} planes of {@code height x
 * width} pixels, or a flat feature vector ({@code height} 1, {@code width} features, one channel).
 */
public record InputShape(int height, int width, int channels, boolean image) {

  public InputShape {
    if (height < 1 || width < 1 || channels < 1) {
      throw new IllegalArgumentException("input: " + height + "x" + width + "x" + channels
          + " is not at least 1x1x1");
    }
  }

  /** A grey image. */
  public static InputShape image(int height, int width) {
    return new InputShape(height, width, 1, true);
  }

  /** An image of the given shape, grey or colour. */
  public static InputShape image(ImageShape shape) {
    return new InputShape(shape.height(), shape.width(), shape.channels(), true);
  }

  public static InputShape vector(int features) {
    return new InputShape(1, features, 1, false);
  }

  /** The shape of {@code examples}: an image for an {@link ImageDataset}, else a vector. */
  public static InputShape of(Dataset examples) {
    return examples instanceof ImageDataset images
        ? image(images.shape())
        : vector(examples.featureCount());
  }

  public int features() {
    return channels * height * width;
  }

  /**
   * The input type to configure a network with: networks always take flat rows, so an image is
   * {@code convolutionalFlat} (CNNs reshape it internally, channel planes one after the other,
   * as {@link ImageDataset} lays them out).
   */
  public InputType inputType() {
    return image ? InputType.convolutionalFlat(height, width, channels)
        : InputType.feedForward(features());
  }
}
