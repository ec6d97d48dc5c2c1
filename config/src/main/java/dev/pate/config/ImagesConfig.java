package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Images of your own (YAML block {@code dataset.images}, used when {@code dataset.name} is {@code
 * images}): where the private images, the public pool and (optionally) the held-out evaluation
 * images are, their classes, and how they are made one shape. Each of the three is a folder
 * ({@code *_dir}: PNG or JPEG files, one sub-folder per class where labelled) or an array file
 * ({@code *_file}: {@code .npy} of N x H x W [x C] unsigned bytes, or IDX) with a labels file
 * ({@code *_labels}). The private and evaluation images must be labelled; the pool need not be.
 *
 * <p>Multi-label images ({@code labels} given) are folders, each with a labels file ({@code
 * *_labels}: a CSV of each image's path and one 0/1 column per label); every image is labelled.
 *
 * <p>Which of a folder or a file is given, and that exactly one is, is checked by the data loader
 * before anything is read, with a one-line error naming the keys.
 *
 * @param privateDir folder of the private images
 * @param privateFile array file of the private images
 * @param privateLabels labels of {@code privateFile}
 * @param publicDir folder of the public images
 * @param publicFile array file of the public images
 * @param publicLabels labels of {@code publicFile}, if it has any
 * @param evalDir folder of the held-out evaluation images
 * @param evalFile array file of the held-out evaluation images
 * @param evalLabels labels of {@code evalFile}
 * @param classes class names in label order; empty for multi-label images
 * @param labels the label names of multi-label images, in bit order; empty for single-label ones
 * @param resize {@code [height, width]} every image is resized to; empty: all must have one size
 * @param channels 1 or 3, what every image is converted to; empty: all must have one
 */
public record ImagesConfig(
    Optional<Path> privateDir,
    Optional<Path> privateFile,
    Optional<Path> privateLabels,
    Optional<Path> publicDir,
    Optional<Path> publicFile,
    Optional<Path> publicLabels,
    Optional<Path> evalDir,
    Optional<Path> evalFile,
    Optional<Path> evalLabels,
    List<String> classes,
    List<String> labels,
    Optional<List<Integer>> resize,
    OptionalInt channels) {

  private static final TextType NAME =
      new TextType(Pattern.compile("[^\\r\\n/\\\\]+"),
          "a non-empty name without line breaks or slashes");

  private static final String LOOKED_UP = "; a relative path is looked up in the config file's"
      + " folder, then in the working directory, then in the data directories (see"
      + " dataset.data_dir); one given as an override (key=value) in the working directory, then"
      + " in the data directories";

  private static Key<ImagesConfig, Path> path(String name, String meaning,
      java.util.function.Function<ImagesConfig, Optional<Path>> reader) {
    return Key.nullable(name, PathType.data(), meaning, reader);
  }

  static final Key<ImagesConfig, Path> PRIVATE_DIR = path("private_dir",
      "folder of the private images the teachers share out: one sub-folder per class, named as"
          + " in classes, of PNG or JPEG files" + LOOKED_UP + "; give this or private_file",
      ImagesConfig::privateDir);

  static final Key<ImagesConfig, Path> PRIVATE_FILE = path("private_file",
      "the private images as one array file: .npy of unsigned bytes shaped (count, height,"
          + " width) or (count, height, width, channels), or IDX images (gzipped or not, 3 or 4"
          + " dimensions); with private_labels" + LOOKED_UP,
      ImagesConfig::privateFile);

  static final Key<ImagesConfig, Path> PRIVATE_LABELS = path("private_labels",
      "labels of private_file: a 1-dimensional integer .npy (class indices) or IDX labels; for"
          + " multi-label images (labels given), the labels file of private_dir: a CSV with a"
          + " header, a path column (each image's path relative to the folder, / between"
          + " sub-folders) and one 0/1 column per label, every image listed exactly once",
      ImagesConfig::privateLabels);

  static final Key<ImagesConfig, Path> PUBLIC_DIR = path("public_dir",
      "folder of the public images: the first dataset.query_pool are the query pool. Images"
          + " alone (unlabelled: the teachers label them) or one sub-folder per class; give this"
          + " or public_file",
      ImagesConfig::publicDir);

  static final Key<ImagesConfig, Path> PUBLIC_FILE = path("public_file",
      "the public images as one array file, like private_file; labels optional",
      ImagesConfig::publicFile);

  static final Key<ImagesConfig, Path> PUBLIC_LABELS = path("public_labels",
      "labels of public_file, if it has any: as private_labels, with -1 for an unlabelled pool"
          + " image (.npy); when null: the pool is unlabelled. For multi-label images, the"
          + " labels file of public_dir, as private_labels (required: every image labelled)",
      ImagesConfig::publicLabels);

  static final Key<ImagesConfig, Path> EVAL_DIR = path("eval_dir",
      "folder of the held-out evaluation images, one sub-folder per class (labelled); when"
          + " neither this nor eval_file is given: the public images after the query pool, which"
          + " must then be labelled",
      ImagesConfig::evalDir);

  static final Key<ImagesConfig, Path> EVAL_FILE = path("eval_file",
      "the held-out evaluation images as one array file, like private_file; with eval_labels",
      ImagesConfig::evalFile);

  static final Key<ImagesConfig, Path> EVAL_LABELS = path("eval_labels",
      "labels of eval_file, as private_labels; for multi-label images, the labels file of"
          + " eval_dir", ImagesConfig::evalLabels);

  static final Key<ImagesConfig, List<String>> CLASSES =
      Key.nullable(
          "classes",
          new ListType<>(NAME, 2, 256),
          "the class names in label order (label k is the k-th): the names of the class"
              + " sub-folders; a sub-folder of another name is an error naming it; required for"
              + " single-label images (labels not given)",
          (ImagesConfig c) -> c.classes().isEmpty() ? Optional.empty()
              : Optional.of(c.classes()))
          .withDefaultNote("required without labels");

  static final Key<ImagesConfig, List<String>> LABELS =
      Key.nullable(
          "labels",
          new ListType<>(NAME, 1, CsvConfig.MAX_LABELS),
          "the labels of multi-label images, in label order: the 0/1 columns of their labels"
              + " files (private_labels, public_labels, eval_labels), which give each image its"
              + " label set; they make the run multi-label (multi_label.mechanism required) and"
              + " name the labels in the report and model card; give this or classes",
          c -> c.labels().isEmpty() ? Optional.empty() : Optional.of(c.labels()));

  static final Key<ImagesConfig, List<Integer>> RESIZE =
      Key.nullable(
          "resize",
          new ListType<>(NumberType.integer().between(1, 4096, true), 2, 2),
          "[height, width] every image is resized to (bilinear); when null: every image must"
              + " have the size of the first one read, and one that differs is an error naming"
              + " its file",
          ImagesConfig::resize);

  static final Key<ImagesConfig, Integer> CHANNELS =
      Key.nullable(
          "channels",
          NumberType.integer().between(1, 3, true).where(c -> c != 2, "1 or 3"),
          "1 (colour images are made grey) or 3 (grey images are made colour); when null:"
              + " every image must have the channels of the first one read",
          c -> c.channels().isPresent() ? Optional.of(c.channels().getAsInt())
              : Optional.empty());

  static final Section<ImagesConfig> SECTION =
      Section.of(
          "images",
          "your own images: the private images, the public pool and, optionally, held-out"
              + " evaluation images, each a folder or an array file",
          List.of(PRIVATE_DIR, PRIVATE_FILE, PRIVATE_LABELS, PUBLIC_DIR, PUBLIC_FILE,
              PUBLIC_LABELS, EVAL_DIR, EVAL_FILE, EVAL_LABELS, CLASSES, LABELS, RESIZE,
              CHANNELS),
          v ->
              new ImagesConfig(
                  v.find(PRIVATE_DIR),
                  v.find(PRIVATE_FILE),
                  v.find(PRIVATE_LABELS),
                  v.find(PUBLIC_DIR),
                  v.find(PUBLIC_FILE),
                  v.find(PUBLIC_LABELS),
                  v.find(EVAL_DIR),
                  v.find(EVAL_FILE),
                  v.find(EVAL_LABELS),
                  v.find(CLASSES).orElse(List.of()),
                  v.find(LABELS).orElse(List.of()),
                  v.find(RESIZE),
                  v.findInt(CHANNELS)));

  /** Whether the images are multi-label: their label names are {@link #labels}. */
  public boolean multiLabel() {
    return !labels.isEmpty();
  }

  /**
   * Checks for nulls only; which sources are given is checked by the data loader, which of classes
   * and labels by {@link LabelChecks}.
   */
  public ImagesConfig {
    requireNonNull(privateDir, "privateDir");
    requireNonNull(privateFile, "privateFile");
    requireNonNull(privateLabels, "privateLabels");
    requireNonNull(publicDir, "publicDir");
    requireNonNull(publicFile, "publicFile");
    requireNonNull(publicLabels, "publicLabels");
    requireNonNull(evalDir, "evalDir");
    requireNonNull(evalFile, "evalFile");
    requireNonNull(evalLabels, "evalLabels");
    classes = List.copyOf(classes);
    labels = List.copyOf(labels);
    resize = requireNonNull(resize, "resize").map(List::copyOf);
    requireNonNull(channels, "channels");
  }
}
