package dev.pate.datasets.images;

import dev.pate.datasets.files.Checksums;
import dev.pate.files.Sha256;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a user's images come from: a folder of PNG and JPEG files (one sub-folder per class where
 * labelled), or an array file (NumPy {@code .npy} of N x H x W [x C] unsigned bytes, or IDX of 3 or
 * 4 dimensions) with an optional labels file ({@code .npy} of integers, or IDX labels).
 */
public sealed interface ImageSource {

  /**
   * Reads the images, each made into one shape by {@code shaper}.
   *
   * @param classes the class names, in label order: a folder's sub-folders must be among them
   * @param labelsRequired whether every image must have a label (the private and held-out sets)
   * @param role what the images are for, for messages, e.g. {@code "the private set"}
   * @throws UserError one line naming the file (or folder) at fault
   */
  LoadedImages load(List<String> classes, boolean labelsRequired, String role,
      ImageShaper shaper);

  /** The path the user named, for messages. */
  Path path();

  /**
   * The SHA-256 of the source's content, for a report's provenance: of the array file and its
   * labels file, or of a folder's files (each one's relative path and hash, in path order;
   * hidden files left out, as reading leaves them out).
   */
  String sha256();

  /** A folder of images. */
  record Folder(Path path) implements ImageSource {
    public Folder {
      Objects.requireNonNull(path, "path");
    }

    @Override
    public LoadedImages load(List<String> classes, boolean labelsRequired, String role,
        ImageShaper shaper) {
      return FolderImages.load(path, classes, labelsRequired, role, shaper);
    }

    @Override
    public String sha256() {
      return digest(path, FolderImages.files(path));
    }
  }

  /** An array file of images and, where labelled, a file of labels. */
  record Arrays(Path path, Optional<Path> labels) implements ImageSource {
    public Arrays {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(labels, "labels");
    }

    @Override
    public LoadedImages load(List<String> classes, boolean labelsRequired, String role,
        ImageShaper shaper) {
      return ArrayImages.load(path, labels, classes, labelsRequired, role, shaper);
    }

    @Override
    public String sha256() {
      List<Path> files = new java.util.ArrayList<>(List.of(path));
      labels.ifPresent(files::add);
      return digest(path.toAbsolutePath().getParent(), files);
    }
  }

  /** SHA-256 over each file's path relative to {@code root} and its own SHA-256, in order. */
  private static String digest(Path root, List<Path> files) {
    // Both sides absolute: a relative root (a folder named relative to the working directory)
    // cannot be relativized against absolute files.
    Path base = root.toAbsolutePath();
    java.security.MessageDigest digest = Sha256.digest();
    for (Path file : files) {
      String line = base.relativize(file.toAbsolutePath()).toString().replace('\\', '/') + " "
          + Checksums.sha256(file) + "\n";
      digest.update(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    return Sha256.hex(digest);
  }

  /**
   * The name a source's examples are identified by ({@link dev.pate.datasets.ExampleId#split}):
   * the real path of its folder or file, so that a source named twice by two paths is one source
   * to the disjointness check.
   */
  static String sourceName(Path path) {
    try {
      return path.toRealPath().toString().replace('#', '_');
    } catch (IOException e) {
      throw UserError.forFile(path, "not found", e);
    }
  }
}
