package dev.pate.spark;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.TableDataset;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Examples copied out of a {@link Dataset} view so that Spark can send them to a task: a teacher's
 * partition, the held-out images, the query images. A task rebuilds a dataset that feeds a network
 * the very floats the original does (images as their bytes, whose [0, 1] scaling is the same
 * anywhere; anything else as its floats), so a teacher trained on it is the one trained locally.
 * Example ids are not kept: a task needs features and labels, never where they came from.
 *
 * @param name the original's name, for messages
 * @param channels image channels (1 grey, 3 colour); 0 for examples that are not images
 * @param rows image height; 0 for examples that are not images
 * @param cols image width, or the number of features
 * @param numClasses classes of the labels
 * @param pixels the images' bytes in the dataset's own layout (channel planes, each row-major),
 *     one image after the other; null for others
 * @param features the features of examples that are not images; null for images
 * @param labels one label per example, in order
 */
record Examples(String name, int channels, int rows, int cols, int numClasses, byte[] pixels,
    float[] features, int[] labels) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** A copy of {@code examples}' features and labels, in order. */
  static Examples of(Dataset examples) {
    int n = examples.size();
    if (examples instanceof ImageDataset images) {
      int size = images.pixelsPerImage();
      byte[] pixels = new byte[n * size];
      for (int i = 0; i < n; i++) {
        images.copyPixels(i, pixels, i * size);
      }
      return new Examples(images.name(), images.channels(), images.rows(), images.cols(),
          images.numClasses(), pixels, null, images.labels());
    }
    int width = examples.featureCount();
    float[] features = new float[n * width];
    examples.featuresAsFloats(0, n, features, 0);
    return new Examples(examples.name(), 0, 0, width, examples.numClasses(), null, features,
        examples.labels());
  }

  /** The examples as a dataset whose features (and so input shape) equal the original's. */
  Dataset toDataset() {
    String source = "spark/" + sanitised(name);
    if (pixels != null) {
      return ImageDataset.copyOf(source, new ImageShape(channels, rows, cols), numClasses, pixels,
          labels);
    }
    List<String> names = new ArrayList<>(cols);
    int[] records = new int[labels.length];
    for (int f = 0; f < cols; f++) {
      names.add("f" + f);
    }
    for (int i = 0; i < records.length; i++) {
      records[i] = i;
    }
    return TableDataset.wrap(source, name, names, numClasses, features.clone(), labels.clone(),
        records);
  }

  int size() {
    return labels.length;
  }

  /** A source name that example ids accept: letters, digits and a few separators. */
  private static String sanitised(String name) {
    String cleaned = name.replaceAll("[^A-Za-z0-9_./-]", "_");
    return cleaned.isEmpty() ? "examples" : cleaned;
  }
}
