package dev.pate.datasets.images;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ExampleId;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.csv.LabelSetsFile;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.files.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A multi-label run's images of the user's own: the private images the teachers share out, the
 * public images the queries come from and the held-out images, each a folder of PNG or JPEG files
 * (in sub-folders or not, read in path order as single-label folders are) with a labels file
 * ({@link LabelSetsFile}) that gives every image's label set by its path relative to the folder.
 * Every image must be listed exactly once, and every listed path must be an image of the folder; a
 * labels file inside its folder is not an image of it.
 *
 * <p>As for single-label images ({@link UserImages}), one {@link ImageShaper} makes every image one
 * shape, and {@link ContentOverlap} refuses a public or held-out image whose pixels are those of a
 * private one (and a held-out image that is a pool image).
 *
 * @param privateImages the private images with their label sets, in path order
 * @param pool the first {@code dataset.query_pool} public images
 * @param heldOut the public images after the pool, or the evaluation folder's images
 * @param shaper how the images were made one shape
 */
public record MultiLabelFolders(MultiLabelImages privateImages, MultiLabelImages pool,
    MultiLabelImages heldOut, ImageShaper shaper) {

  public MultiLabelFolders {
    Objects.requireNonNull(privateImages, "privateImages");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(heldOut, "heldOut");
    Objects.requireNonNull(shaper, "shaper");
  }

  /**
   * A folder of images and the labels file of its images.
   *
   * @param folder the images
   * @param labelsFile each image's label set
   */
  public record Source(Path folder, Path labelsFile) {
    public Source {
      Objects.requireNonNull(folder, "folder");
      Objects.requireNonNull(labelsFile, "labelsFile");
    }
  }

  /**
   * Loads and checks the sources.
   *
   * @param labels the label names: the labels files' 0/1 columns, in bit order
   * @param poolSize the pool is the first {@code poolSize} public images; without an evaluation
   *     source the rest are held out (there must be some), with one the pool is at most this
   * @throws UserError one line naming the file (and line of a labels file) at fault
   */
  public static MultiLabelFolders load(Source privateSource, Source publicSource,
      Optional<Source> evalSource, List<String> labels, ImageConversion conversion,
      int poolSize) {
    ImageShaper shaper = ImageShaper.of(conversion);
    Loaded privateImages = load(privateSource, labels, shaper);
    Loaded publicImages = load(publicSource, labels, shaper);
    int publicSize = publicImages.images().size();
    MultiLabelImages pool;
    MultiLabelImages heldOut;
    Optional<Loaded> evalImages = evalSource.map(s -> load(s, labels, shaper));
    if (evalImages.isPresent()) {
      pool = publicImages.images().subset(publicImages.images().name() + "/pool",
          range(0, Math.min(poolSize, publicSize)));
      heldOut = evalImages.get().images();
    } else {
      if (poolSize >= publicSize) {
        throw UserError.forFile(publicSource.folder(), publicSize + " images, not more than the"
            + " query pool of " + poolSize + "; nothing would be left for the held-out"
            + " evaluation set (lower dataset.query_pool, or give dataset.images.eval_dir)");
      }
      pool = publicImages.images().subset(publicImages.images().name() + "/pool",
          range(0, poolSize));
      heldOut = publicImages.images().subset(publicImages.images().name() + "/holdout",
          range(poolSize, publicSize));
    }
    ContentOverlap.refuseAcrossSources(privateImages.asLoaded(), publicImages.asLoaded(),
        evalImages.map(Loaded::asLoaded));
    return new MultiLabelFolders(privateImages.images(), pool, heldOut, shaper);
  }

  /**
   * One folder's images with their label sets over {@code labels}, in path order, made one shape
   * by {@code shaper}: what {@code pate evaluate} reads for a released multi-label student.
   *
   * @return the images and each one's path relative to the folder ({@code /} between
   *     sub-folders)
   * @throws UserError naming the folder, image or labels file (and line) at fault
   */
  public static Folder read(Source source, List<String> labels, ImageShaper shaper) {
    Loaded loaded = load(source, labels, shaper);
    Path root = source.folder().toAbsolutePath().normalize();
    return new Folder(loaded.images(), loaded.names().stream()
        .map(name -> LabelSetsFile.normalised(
            root.relativize(Path.of(name).toAbsolutePath().normalize()).toString()))
        .toList());
  }

  /**
   * A folder's images read on their own.
   *
   * @param images the images with their label sets, in path order
   * @param paths each image's path relative to the folder
   */
  public record Folder(MultiLabelImages images, List<String> paths) {
    public Folder {
      Objects.requireNonNull(images, "images");
      paths = List.copyOf(paths);
    }
  }

  /** One folder's images with their label sets, and the same as {@link LoadedImages}. */
  private record Loaded(MultiLabelImages images, List<String> names, String source) {

    /** The images without labels, as {@link ContentOverlap} compares them. */
    LoadedImages asLoaded() {
      int[] unlabelled = new int[images.size()];
      Arrays.fill(unlabelled, Dataset.UNLABELLED);
      return new LoadedImages(ImageDataset.wrap(source, images.shape(), 1, images.pixels(),
          unlabelled), names);
    }
  }

  private static Loaded load(Source source, List<String> labels, ImageShaper shaper) {
    Path folder = source.folder();
    if (!Files.isDirectory(folder)) {
      throw UserError.forFile(folder, Files.exists(folder) ? "is not a folder, expected a"
          + " folder of images" : "not found, expected a folder of images");
    }
    LabelSetsFile sets = LabelSetsFile.read(source.labelsFile(), labels);
    Path root = folder.toAbsolutePath().normalize();
    Path labelsFile = source.labelsFile().toAbsolutePath().normalize();
    List<Path> files = new ArrayList<>();
    for (Path file : FolderImages.files(folder)) {
      if (!file.toAbsolutePath().normalize().equals(labelsFile)) {
        files.add(FolderImages.requireImage(file));
      }
    }
    if (files.isEmpty()) {
      throw UserError.forFile(folder, "holds no images, expected PNG or JPEG files");
    }
    Map<String, Integer> masks = sets.masks();
    int[] labelMasks = new int[files.size()];
    Set<String> found = new HashSet<>();
    for (int i = 0; i < labelMasks.length; i++) {
      String relative = LabelSetsFile.normalised(
          root.relativize(files.get(i).toAbsolutePath().normalize()).toString());
      Integer mask = masks.get(relative);
      if (mask == null) {
        throw UserError.forFile(files.get(i), "has no label set in " + source.labelsFile()
            + " (every image of " + folder + " is listed there exactly once, by its path"
            + " relative to the folder: " + relative + ")");
      }
      labelMasks[i] = mask;
      found.add(relative);
    }
    for (Map.Entry<String, Integer> listed : sets.lines().entrySet()) {
      if (!found.contains(listed.getKey())) {
        throw new UserError(source.labelsFile() + " line " + listed.getValue() + ": '"
            + listed.getKey() + "' is not an image of " + folder + " (a path relative to the"
            + " folder, with / between sub-folders)");
      }
    }
    byte[] pixels = FolderImages.decode(folder, files, shaper);
    ImageShape shape = shaper.target().orElseThrow();
    String sourceName = ImageSource.sourceName(folder);
    List<List<String>> ids = new ArrayList<>(files.size());
    for (int i = 0; i < files.size(); i++) {
      ids.add(List.of(new ExampleId(sourceName, i).toString()));
    }
    String name = String.valueOf(root.getFileName());
    return new Loaded(new MultiLabelImages(name, shape, pixels, labelMasks, labels, ids),
        files.stream().map(Path::toString).toList(), sourceName);
  }

  private static int[] range(int from, int to) {
    return Dataset.rangeIndices(from, to, to);
  }
}
