package dev.pate.ensemble.nn;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import org.deeplearning4j.nn.conf.inputs.InputType;

/** What one example looks like to a network: a single-channel image, or a flat feature vector. */
public record InputShape(int height, int width, boolean image) {

  public static InputShape image(int height, int width) {
    return new InputShape(height, width, true);
  }

  public static InputShape vector(int features) {
    return new InputShape(1, features, false);
  }

  /** The shape of {@code examples}: an image for an {@link ImageDataset}, else a vector. */
  public static InputShape of(Dataset examples) {
    return examples instanceof ImageDataset images
        ? image(images.rows(), images.cols())
        : vector(examples.featureCount());
  }

  public int features() {
    return height * width;
  }

  /**
   * The input type to configure a network with: networks always take flat rows, so an image is
   * {@code convolutionalFlat} (CNNs reshape it internally).
   */
  public InputType inputType() {
    return image ? InputType.convolutionalFlat(height, width, 1) : InputType.feedForward(features());
  }
}
