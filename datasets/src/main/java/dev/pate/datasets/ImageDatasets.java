package dev.pate.datasets;

import dev.pate.datasets.files.Checksums;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.files.DataFile;
import dev.pate.datasets.files.KnownFiles;
import dev.pate.datasets.idx.IdxImages;
import dev.pate.datasets.idx.IdxLabels;
import dev.pate.datasets.idx.IdxReader;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the MNIST-style image datasets, {@code mnist} and {@code fashion-mnist}.
 *
 * <p>Each file is first checked against its pinned SHA-256 ({@link Checksums}, cached per JVM),
 * then parsed by {@link IdxReader}, and the result is checked against the published shape (60000
 * training and 10000 test images of 28x28, 10 classes, as many labels as images). Any failure is a
 * one-line {@link UserError} naming the file.
 */
public final class ImageDatasets {
  private record Spec(int trainCount, int testCount, int rows, int cols,
      List<String> classNames) {
    int numClasses() {
      return classNames.size();
    }
  }

  private static final Map<String, Spec> SPECS = new LinkedHashMap<>();

  private static final String IMAGES = "-images-idx3-ubyte.gz";
  private static final String LABELS = "-labels-idx1-ubyte.gz";

  static {
    // Published shapes: LeCun et al. (MNIST) and Xiao et al. 2017 (Fashion-MNIST).
    SPECS.put("mnist", new Spec(60000, 10000, 28, 28,
        List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")));
    SPECS.put("fashion-mnist", new Spec(60000, 10000, 28, 28,
        List.of("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt",
            "Sneaker", "Bag", "Ankle boot")));
  }

  private ImageDatasets() {}

  /** Names accepted by {@link #load}: {@code mnist}, {@code fashion-mnist}. */
  public static List<String> names() {
    return List.copyOf(SPECS.keySet());
  }

  /**
   * The number of classes of a dataset, from its published description, without reading any file
   * (so a run can plan its noise before touching data).
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static int classes(String name) {
    return spec(name).numClasses();
  }

  /** The class names of a dataset, in label order, from its published description. */
  public static List<String> classNames(String name) {
    return spec(name).classNames();
  }

  /**
   * The pinned files (name, size, sha256) of a split, images then labels: what {@link #load}
   * verified a loaded split's files against, for a report's provenance.
   *
   * @param split {@code "train"} or {@code "test"}
   */
  public static List<DataFile> files(String name, String split) {
    spec(name);
    String prefix = switch (split) {
      case "train" -> "train";
      case "test" -> "t10k";
      default -> throw new IllegalArgumentException("split: '" + split + "' is not train or test");
    };
    return List.of(KnownFiles.get(name, prefix + IMAGES), KnownFiles.get(name, prefix + LABELS));
  }

  private static Spec spec(String name) {
    Spec spec = SPECS.get(name);
    if (spec == null) {
      throw new IllegalArgumentException("dataset: '" + name + "' is not one of " + names());
    }
    return spec;
  }

  /**
   * Finds (or downloads) the dataset through {@code dataDirectory}, verifies and parses it.
   *
   * @param name {@code "mnist"} or {@code "fashion-mnist"}
   * @return the splits, named {@code "<name>/train"} and {@code "<name>/test"}
   * @throws IllegalArgumentException for an unknown name
   * @throws UserError for missing, corrupt or unexpected files
   */
  public static TrainTest load(String name, DataDirectory dataDirectory) {
    Spec spec = spec(name);
    Path folder = dataDirectory.locate(KnownFiles.of(name));
    ImageDataset train =
        loadSplit(
            name,
            "train",
            folder,
            "train" + IMAGES,
            "train" + LABELS,
            spec.trainCount(),
            spec);
    ImageDataset test =
        loadSplit(
            name,
            "test",
            folder,
            "t10k" + IMAGES,
            "t10k" + LABELS,
            spec.testCount(),
            spec);
    return new TrainTest(train, test);
  }

  private static ImageDataset loadSplit(
      String name,
      String split,
      Path folder,
      String imagesFile,
      String labelsFile,
      int expectedCount,
      Spec spec) {
    Path imagesPath = folder.resolve(imagesFile);
    Path labelsPath = folder.resolve(labelsFile);
    Checksums.verify(imagesPath, KnownFiles.get(name, imagesFile));
    Checksums.verify(labelsPath, KnownFiles.get(name, labelsFile));
    IdxImages images = IdxReader.readImages(imagesPath);
    IdxLabels labels = IdxReader.readLabels(labelsPath, spec.numClasses());
    if (images.count() != expectedCount) {
      throw UserError.forFile(
          imagesPath, images.count() + " images, expected " + expectedCount);
    }
    if (images.rows() != spec.rows() || images.cols() != spec.cols() || images.channels() != 1) {
      throw UserError.forFile(
          imagesPath,
          "images are "
              + images.rows()
              + "x"
              + images.cols()
              + (images.channels() == 1 ? "" : "x" + images.channels())
              + ", expected "
              + spec.rows()
              + "x"
              + spec.cols());
    }
    if (labels.count() != expectedCount) {
      throw UserError.forFile(
          labelsPath, labels.count() + " labels, expected " + expectedCount);
    }
    return ImageDataset.wrap(
        name + "/" + split,
        images.rows(),
        images.cols(),
        spec.numClasses(),
        images.pixels(),
        labels.labels());
  }
}
