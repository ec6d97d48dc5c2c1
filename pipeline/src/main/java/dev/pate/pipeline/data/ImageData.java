package dev.pate.pipeline.data;

import dev.pate.config.ImagesConfig;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.datasets.images.ImageSource;
import dev.pate.datasets.images.UserImages;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A run on images of the user's own (config block {@code dataset.images}): which keys name each
 * source, checked before a file is read; the sources located and loaded ({@link UserImages});
 * and their hashes for the report's provenance.
 */
public final class ImageData {
  private static final String KEYS = "dataset.images.";

  private ImageData() {}

  static RunData load(ImagesConfig images, int queryPool, DataDirectory dataDirectory) {
    ImageSource privateSource = source(images.privateDir(), images.privateFile(),
        images.privateLabels(), "private", true, dataDirectory).orElseThrow();
    ImageSource publicSource = source(images.publicDir(), images.publicFile(),
        images.publicLabels(), "public", true, dataDirectory).orElseThrow();
    Optional<ImageSource> evalSource = source(images.evalDir(), images.evalFile(),
        images.evalLabels(), "eval", false, dataDirectory);
    ImageConversion conversion = conversion(images);
    UserImages loaded = UserImages.load(privateSource, publicSource, evalSource,
        images.classes(), conversion, queryPool);
    List<RunData.SourceFile> files = new ArrayList<>();
    files.add(new RunData.SourceFile("private", name(privateSource), privateSource.sha256()));
    files.add(new RunData.SourceFile("public", name(publicSource), publicSource.sha256()));
    evalSource.ifPresent(e -> files.add(new RunData.SourceFile("eval", name(e), e.sha256())));
    return new RunData("images", loaded.privateSet(), loaded.publicSplit(), null, null, null,
        null, new RunData.Images(images.classes(), conversion, files));
  }

  /** The conversion {@code dataset.images.resize} and {@code channels} ask for. */
  public static ImageConversion conversion(ImagesConfig images) {
    return new ImageConversion(
        images.resize().map(r -> new ImageConversion.Size(r.get(0), r.get(1))),
        images.channels().isPresent() ? OptionalInt.of(images.channels().getAsInt())
            : OptionalInt.empty());
  }

  /**
   * The source of {@code role}: its folder or its array file (exactly one, if {@code required});
   * labels go with a file only.
   */
  private static Optional<ImageSource> source(Optional<Path> dir, Optional<Path> file,
      Optional<Path> labels, String role, boolean required, DataDirectory dataDirectory) {
    String dirKey = KEYS + role + "_dir";
    String fileKey = KEYS + role + "_file";
    if (dir.isPresent() && file.isPresent()) {
      throw new UserError(dirKey + " and " + fileKey + ": both given, expected one (a folder of"
          + " images or an array file)");
    }
    if (dir.isPresent() && labels.isPresent()) {
      throw new UserError(KEYS + role + "_labels: labels of a folder are its class sub-folders;"
          + " give " + fileKey + " with it, or no labels file");
    }
    if (dir.isEmpty() && file.isEmpty()) {
      if (labels.isPresent()) {
        throw new UserError(KEYS + role + "_labels: given without " + fileKey);
      }
      if (required) {
        throw new UserError(dirKey + ": required (or " + fileKey + "), the " + role
            + " images; see docs/configuration.md");
      }
      return Optional.empty();
    }
    if (dir.isPresent()) {
      return Optional.of(new ImageSource.Folder(dataDirectory.resolveFolder(dir.get())));
    }
    return Optional.of(new ImageSource.Arrays(dataDirectory.resolveFile(file.get()),
        labels.map(dataDirectory::resolveFile)));
  }

  /** The source's name without its folders: provenance names no path. */
  private static String name(ImageSource source) {
    return String.valueOf(source.path().toAbsolutePath().normalize().getFileName());
  }
}
