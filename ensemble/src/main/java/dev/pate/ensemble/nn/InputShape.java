package dev.pate.ensemble.nn;

import org.deeplearning4j.nn.conf.inputs.InputType;

/** What one example looks like to a network: a single-channel image, or a flat feature vector. */
public record InputShape(int height, int width, boolean image) {

  public static InputShape image(int height, int width) {
    return new InputShape(height, width, true);
  }

  public static InputShape vector(int features) {
    return new InputShape(1, features, false);
  }

  public int features() {
    return height * width;
  }

  /** Networks always take flat rows; CNNs reshape them internally. */
  InputType inputType() {
    return image ? InputType.convolutionalFlat(height, width, 1) : InputType.feedForward(features());
  }
}
