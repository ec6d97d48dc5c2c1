package dev.pate.datasets;

import java.util.Objects;

/**
 * The two published splits of an image dataset.
 *
 * @param train the training split (the PATE private set for MNIST: 60000 images)
 * @param test the test split (the PATE public set: 10000 images)
 */
public record TrainTest(ImageDataset train, ImageDataset test) {
  public TrainTest {
    Objects.requireNonNull(train, "train");
    Objects.requireNonNull(test, "test");
  }
}
