package dev.pate.datasets.images;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A folder of images: either one sub-folder per class (its name a class name, its images that
 * class) or images alone (unlabelled: a public pool's, or images to predict). Files are taken in
 * order of their path (sub-folder, then file name), so a folder gives the same dataset, in the
 * same order, on every machine; an image's position in that order is its index. Names starting
 * with '.' (such as {@code .DS_Store}) are passed over; any other file must be a PNG or JPEG.
 */
final class FolderImages {
  private FolderImages() {}

  static LoadedImages load(Path folder, List<String> classes, boolean labelsRequired,
      String role, ImageShaper shaper) {
    List<Path> files = new ArrayList<>();
    List<Integer> labels = new ArrayList<>();
    list(folder, classes, labelsRequired, role, files, labels);
    byte[] pixels = decode(folder, files, shaper);
    ImageDataset data = ImageDataset.wrap(ImageSource.sourceName(folder),
        shaper.target().orElseThrow(), classes.size(), pixels,
        labels.stream().mapToInt(Integer::intValue).toArray());
    return new LoadedImages(data, files.stream().map(Path::toString).toList());
  }

  /**
   * The pixels of {@code files} (of {@code folder}), each decoded and made one shape by {@code
   * shaper}, image after image.
   *
   * @throws UserError naming the first file, in order, that is not a readable image of a shape
   *     the shaper takes
   */
  static byte[] decode(Path folder, List<Path> files, ImageShaper shaper) {
    // Decoding is the slow part and independent per file; the first bad file in order is the one
    // reported, and shaping stays in order, so the image that sets the shape is always the same.
    ImageDecoder.Decoded[] decoded = new ImageDecoder.Decoded[files.size()];
    UserError[] problems = new UserError[files.size()];
    IntStream.range(0, files.size()).parallel().forEach(i -> {
      try {
        decoded[i] = ImageDecoder.decode(files.get(i));
      } catch (UserError e) {
        problems[i] = e;
      }
    });
    for (UserError problem : problems) {
      if (problem != null) {
        throw problem;
      }
    }
    byte[] pixels = null;
    for (int i = 0; i < decoded.length; i++) {
      byte[] shaped = shaper.shape(decoded[i].pixels(), decoded[i].shape(), files.get(i).toString());
      if (pixels == null) {
        pixels = new byte[ImageShaper.total(folder, decoded.length, shaped.length)];
      }
      System.arraycopy(shaped, 0, pixels, i * shaped.length, shaped.length);
      decoded[i] = null;
    }
    return pixels;
  }

  /** Lists the images of {@code folder} and their labels, checking the layout. */
  static void list(Path folder, List<String> classes, boolean labelsRequired,
      String role, List<Path> files, List<Integer> labels) {
    if (!Files.isDirectory(folder)) {
      throw UserError.forFile(folder, Files.exists(folder) ? "is not a folder, expected a"
          + " folder of images" : "not found, expected a folder of images");
    }
    List<Path> entries = entries(folder);
    List<Path> folders = entries.stream().filter(Files::isDirectory).toList();
    if (folders.isEmpty()) {
      if (labelsRequired) {
        throw UserError.forFile(folder, "holds images but no class sub-folders; " + role
            + " must be labelled: expected one sub-folder per class, named as in " + classes);
      }
      for (Path file : entries) {
        files.add(requireImage(file));
        labels.add(Dataset.UNLABELLED);
      }
    } else {
      if (folders.size() != entries.size()) {
        Path stray = entries.stream().filter(e -> !Files.isDirectory(e)).findFirst().orElseThrow();
        throw UserError.forFile(stray, "is a file beside class sub-folders; expected either"
            + " one sub-folder per class or images alone in " + folder);
      }
      for (Path classFolder : folders) {
        String name = classFolder.getFileName().toString();
        int label = classes.indexOf(name);
        if (label < 0) {
          throw UserError.forFile(classFolder, "class folder '" + name + "' is not one of the"
              + " classes " + classes + " (dataset.images.classes)");
        }
        for (Path file : entries(classFolder)) {
          if (Files.isDirectory(file)) {
            throw UserError.forFile(file, "is a folder inside class folder '" + name
                + "', expected image files only");
          }
          files.add(requireImage(file));
          labels.add(label);
        }
      }
    }
    if (files.isEmpty()) {
      throw UserError.forFile(folder, "holds no images, expected PNG or JPEG files");
    }
  }

  /** Every file of {@code folder} and its sub-folders that reading looks at, in path order. */
  static List<Path> files(Path folder) {
    try (Stream<Path> walk = Files.walk(folder.toAbsolutePath())) {
      Path root = folder.toAbsolutePath();
      return walk.filter(Files::isRegularFile)
          .filter(p -> java.util.stream.StreamSupport.stream(root.relativize(p).spliterator(),
              false).noneMatch(part -> part.toString().startsWith(".")))
          .sorted().toList();
    } catch (IOException e) {
      throw UserError.forFile(folder, "cannot be listed (" + UserError.describe(e) + ")",
          e);
    }
  }

  /** The entries of a folder, sorted by name, without hidden ones. */
  private static List<Path> entries(Path folder) {
    try (Stream<Path> stream = Files.list(folder)) {
      return stream.filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted().toList();
    } catch (IOException e) {
      throw UserError.forFile(folder, "cannot be listed (" + UserError.describe(e) + ")",
          e);
    }
  }

  static Path requireImage(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!(name.endsWith(".png") || name.endsWith(".jpg") || name.endsWith(".jpeg"))) {
      throw UserError.forFile(file, "is not a PNG or JPEG file (expected a name ending in"
          + " .png, .jpg or .jpeg)");
    }
    return file;
  }
}
