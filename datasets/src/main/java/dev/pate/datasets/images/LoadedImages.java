package dev.pate.datasets.images;

import dev.pate.datasets.ImageDataset;
import java.util.List;
import java.util.Objects;

/**
 * Images read from one source, and what to call each in a message or a table of predictions: its
 * file (a folder's images), or its index in an array file.
 *
 * @param data the images, in the source's order
 * @param names one name per image, in the same order
 */
public record LoadedImages(ImageDataset data, List<String> names) {
  public LoadedImages {
    Objects.requireNonNull(data, "data");
    names = List.copyOf(names);
    if (names.size() != data.size()) {
      throw new IllegalArgumentException("names: " + names.size() + " for " + data.size()
          + " images");
    }
  }
}
