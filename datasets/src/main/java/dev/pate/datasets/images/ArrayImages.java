package dev.pate.datasets.images;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.idx.IdxImages;
import dev.pate.datasets.idx.IdxReader;
import dev.pate.files.UserError;
import dev.pate.files.npy.NpyData;
import dev.pate.files.npy.NpyReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Images from one array file, told apart by their first bytes: NumPy {@code .npy} of unsigned
 * bytes shaped N x H x W (grey) or N x H x W x C (C = 1 or 3, as NumPy stores images), or IDX
 * (gzipped or not) of 3 or 4 dimensions. Labels come from a second file: a 1-dimensional integer
 * {@code .npy} (-1 marks an unlabelled image, allowed in a public pool only) or IDX labels. The
 * name of image {@code i} in messages is {@code file[i]}.
 */
final class ArrayImages {
  private ArrayImages() {}

  /** Images as read, before shaping: interleaved pixels. */
  private record Raw(int count, ImageShape shape, byte[] interleaved) {}

  static LoadedImages load(Path file, Optional<Path> labelFile, List<String> classes,
      boolean labelsRequired, String role, ImageShaper shaper) {
    if (labelsRequired && labelFile.isEmpty()) {
      throw UserError.forFile(file, "has no labels file; " + role + " must be labelled");
    }
    Raw raw = isNpy(file) ? npy(file) : idx(file);
    int[] labels = labelFile.isPresent()
        ? labels(labelFile.get(), raw.count(), classes.size(), labelsRequired, role)
        : unlabelled(raw.count());
    byte[] pixels = null;
    List<String> names = new ArrayList<>(raw.count());
    for (int i = 0; i < raw.count(); i++) {
      String name = file + "[" + i + "]";
      byte[] shaped = shaper.shape(PixelArrays.planar(raw.interleaved(), i, raw.shape()),
          raw.shape(), name);
      if (pixels == null) {
        pixels = new byte[ImageShaper.total(file, raw.count(), shaped.length)];
      }
      System.arraycopy(shaped, 0, pixels, i * shaped.length, shaped.length);
      names.add(name);
    }
    if (pixels == null) {
      throw UserError.forFile(file, "holds no images");
    }
    ImageDataset data = ImageDataset.wrap(ImageSource.sourceName(file),
        shaper.target().orElseThrow(), classes.size(), pixels, labels);
    return new LoadedImages(data, names);
  }

  private static boolean isNpy(Path file) {
    byte[] start = new byte[6];
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(start, 0, 6) == 6 && NpyReader.startsWithMagic(start);
    } catch (IOException e) {
      throw UserError.forFile(file, Files.isDirectory(file) ? "is a folder, expected an"
          + " array file (.npy or IDX)" : "cannot be read (" + UserError.describe(e) + ")", e);
    }
  }

  private static NpyData readNpy(Path file) {
    try {
      return NpyReader.read(file);
    } catch (IOException e) {
      throw UserError.forFile(file, "cannot be read (" + UserError.describe(e) + ")", e);
    }
  }

  private static Raw npy(Path file) {
    NpyData array = readNpy(file);
    int[] shape = array.shape();
    boolean grey = shape.length == 3;
    if (!grey && !(shape.length == 4 && (shape[3] == 1 || shape[3] == 3))) {
      throw UserError.forFile(file, "shape " + array.shapeText() + ", expected images as"
          + " (count, height, width) or (count, height, width, channels) with 1 or 3 channels");
    }
    if (shape[1] < 1 || shape[2] < 1) {
      throw UserError.forFile(file, "shape " + array.shapeText() + " has empty images");
    }
    byte[] bytes = array.bytes();
    ImageShape imageShape;
    try {
      imageShape = new ImageShape(grey ? 1 : shape[3], shape[1], shape[2]);
    } catch (IllegalArgumentException e) {
      throw UserError.forFile(file, "shape " + array.shapeText() + ": " + e.getMessage(), e);
    }
    return new Raw(shape[0], imageShape, bytes);
  }

  private static Raw idx(Path file) {
    IdxImages images = IdxReader.readImages(file);
    if (images.channels() != 1 && images.channels() != 3) {
      throw UserError.forFile(file, images.channels() + " channels, expected 1 or 3");
    }
    return new Raw(images.count(),
        new ImageShape(images.channels(), images.rows(), images.cols()), images.pixels());
  }

  private static int[] labels(Path file, int count, int classes, boolean labelsRequired,
      String role) {
    int[] labels;
    boolean npy = isNpy(file);
    if (npy) {
      NpyData array = readNpy(file);
      if (array.shape().length != 1 || !array.integerType()) {
        throw UserError.forFile(file, "shape " + array.shapeText() + " of " + array.descr()
            + ", expected labels: a 1-dimensional integer array");
      }
      double[] values = array.values();
      labels = new int[values.length];
      for (int i = 0; i < values.length; i++) {
        double v = values[i];
        boolean none = v == Dataset.UNLABELLED;
        if (!none && (v < 0 || v >= classes) || none && labelsRequired) {
          throw UserError.forFile(file, "label " + (long) v + " at index " + i
              + ", expected a class in 0.." + (classes - 1) + (labelsRequired
                  ? " (" + role + " must be labelled)" : " or -1 for an unlabelled image"));
        }
        labels[i] = (int) v;
      }
    } else {
      labels = IdxReader.readLabels(file, classes).labels();
    }
    if (labels.length != count) {
      throw UserError.forFile(file, labels.length + " labels for " + count
          + " images, expected one label per image");
    }
    return labels;
  }

  private static int[] unlabelled(int count) {
    int[] labels = new int[count];
    java.util.Arrays.fill(labels, Dataset.UNLABELLED);
    return labels;
  }
}
