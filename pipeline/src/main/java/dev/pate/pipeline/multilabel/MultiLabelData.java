package dev.pate.pipeline.multilabel;

import dev.pate.config.CsvConfig;
import dev.pate.config.ImagesConfig;
import dev.pate.config.MultiDigitConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ExampleId;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.MultiLabelTables;
import dev.pate.datasets.csv.TableLoader;
import dev.pate.datasets.files.Checksums;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.datasets.images.ImageSource;
import dev.pate.datasets.images.MultiLabelFolders;
import dev.pate.datasets.multilabel.MultiDigitCanvases;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.datasets.split.TeacherAssignment;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.files.UserError;
import dev.pate.pipeline.data.CsvData;
import dev.pate.pipeline.data.ImageData;
import dev.pate.pipeline.release.ReleaseManifest;
import dev.pate.pipeline.release.ReleaseWriter;
import dev.pate.pipeline.report.Provenance;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A multi-label run's data: the private examples the teachers share out, and the public ones split
 * into the query pool (the first {@code dataset.query_pool}) and the held-out set (the rest, or
 * their own file or folder). Three kinds: the generated multi-digit canvases, a CSV table with 0/1
 * label columns ({@code dataset.csv.labels}), or folders of images with labels files ({@code
 * dataset.images.labels}).
 *
 * <p>How the private examples are dealt out, so that one private record changes one teacher's
 * partition only: the canvases, whose number the config fixes, in contiguous blocks by position;
 * a table's rows and a folder's images by their position in the file or folder ({@link
 * TeacherAssignment}, as single-label runs deal them: the record number counting dropped rows, or
 * the image's place in path order), so that a row dropped for a missing value or one appended at
 * the end moves no other record to another teacher.
 *
 * @param dataDir the folder MNIST was read from; null for data in files the config names
 * @param privateCanvases the private examples: canvases made from MNIST's training digits, the
 *     private table's kept rows, or the private images
 * @param pool the query pool
 * @param heldOut the held-out evaluation examples
 * @param kind which of the three the data is: what a record is, and how it is dealt out
 * @param teacherOf for a table or images, each private example's teacher; null for canvases
 * @param privateSha256s the content hashes a data set budget over the private data may be kept
 *     under, the one {@code pate budget} declares first: MNIST's training set's for canvases
 *     (each training digit is on at most one private canvas, so a canvas-level guarantee is a
 *     digit-level one, and the budget is the one single-label MNIST runs charge); the private
 *     file's sha256; of an image folder alone (as a single-label run on the folder keeps it), and
 *     of its files and its labels file
 * @param privateData the private data by content, as {@code pate ledger} composes runs by (the
 *     run folder's {@code teachers/manifest.json}, {@link MultiLabelManifest}): for canvases,
 *     MNIST's training set, as single-label MNIST runs record it (each of its digits is on at most
 *     one canvas, so a canvas-level guarantee is a digit-level one); for a table, its private file;
 *     for images, the private folder alone (its images are the people, whatever labels file names
 *     their label sets), as a single-label run on the folder records it
 * @param input how a released student's input is made, for release.json
 * @param releasePool the query pool's positions in the public file or folder with its hashes, for
 *     release.json ({@code pate evaluate} recognises them); null for the canvases, which are
 *     generated
 */
public record MultiLabelData(String dataDir, MultiLabelExamples privateCanvases,
    MultiLabelExamples pool, MultiLabelExamples heldOut, Kind kind, int[] teacherOf,
    List<String> privateSha256s, Provenance.Private privateData, Map<String, Object> input,
    ReleaseManifest.Pool releasePool) {

  /** What the private data is. */
  public enum Kind {
    /** The generated multi-digit benchmark. */
    CANVASES,
    /** A CSV table with one 0/1 column per label. */
    TABLE,
    /** Folders of images with labels files. */
    IMAGES
  }

  public MultiLabelData {
    Objects.requireNonNull(privateCanvases, "privateCanvases");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(heldOut, "heldOut");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(privateData, "privateData");
    privateSha256s = List.copyOf(privateSha256s);
    input = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(input));
    if ((kind == Kind.CANVASES) != (teacherOf == null)) {
      throw new IllegalArgumentException("teacherOf: given exactly for a table or images");
    }
    if (teacherOf != null && teacherOf.length != privateCanvases.size()) {
      throw new IllegalArgumentException("teacherOf: " + teacherOf.length + " for "
          + privateCanvases.size() + " private examples");
    }
    teacherOf = teacherOf == null ? null : teacherOf.clone();
  }

  @Override
  public int[] teacherOf() {
    return teacherOf == null ? null : teacherOf.clone();
  }

  /**
   * The data {@code config.dataset()} describes: the canvases of {@code dataset.multidigit}, from
   * MNIST in {@code dataDirectory} (each side from its own seed derived from the run's, so that
   * the private canvases do not change when only the public ones are asked for otherwise), or the
   * table or images the config names, looked up in {@code dataDirectory}.
   *
   * @throws IllegalStateException if the config's data set is not multi-label
   * @throws UserError one line naming the file (and line) or key at fault; before any teacher
   *     trains
   */
  public static MultiLabelData load(RunConfig config, DataDirectory dataDirectory) {
    if (!config.dataset().multiLabel()) {
      throw new IllegalStateException("dataset: not multi-label data");
    }
    MultiLabelData data;
    if (config.dataset().csv().isPresent()) {
      data = table(config, config.dataset().csv().get(), dataDirectory);
    } else if (config.dataset().images().isPresent()) {
      data = images(config, config.dataset().images().get(), dataDirectory);
    } else {
      data = canvases(config, config.dataset().multidigit().orElseThrow(), dataDirectory);
    }
    data.requireDisjoint();
    return data;
  }

  private static MultiLabelData canvases(RunConfig config, MultiDigitConfig c,
      DataDirectory dataDirectory) {
    TrainTest mnist = ImageDatasets.load("mnist", dataDirectory);
    MultiLabelImages privateCanvases = new MultiDigitCanvases(c.privateCanvases(), c.minDigits(),
        c.maxDigits(), Seeds.derive(config.seed(), "canvases-private", 0))
        .canvases(mnist.train());
    MultiLabelImages publicCanvases = new MultiDigitCanvases(c.publicCanvases(), c.minDigits(),
        c.maxDigits(), Seeds.derive(config.seed(), "canvases-public", 0)).canvases(mnist.test());
    int pool = config.dataset().queryPool();
    Map<String, Object> input = imageInput(publicCanvases.shape());
    input.put("scaling", "pixel / 255, row by row");
    input.put("canvas", "digits side by side in " + MultiDigitCanvases.SLOTS + " slots of 28x28");
    return new MultiLabelData(dataDirectory.locate("mnist").toString(), privateCanvases,
        publicCanvases.subset(publicCanvases.name() + "/pool", range(0, pool)),
        publicCanvases.subset(publicCanvases.name() + "/held-out",
            range(pool, publicCanvases.size())), Kind.CANVASES, null,
        List.of(Provenance.Private.ofBuiltIn("mnist").sha256()),
        Provenance.Private.ofBuiltIn("mnist"), input, null);
  }

  private static MultiLabelData table(RunConfig config, CsvConfig csv,
      DataDirectory dataDirectory) {
    var schema = CsvData.schema(csv);
    MultiLabelTables tables = TableLoader.loadMultiLabel(schema,
        new CsvFile(dataDirectory.resolveFile(csv.privateFile()), csv.privateSkipLines()),
        new CsvFile(dataDirectory.resolveFile(csv.publicFile()), csv.publicSkipLines()),
        csv.evalFile().map(f -> new CsvFile(dataDirectory.resolveFile(f), csv.evalSkipLines())),
        config.dataset().queryPool());
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("kind", "table");
    input.put("features", tables.encoding().featureCount());
    input.put("scaling", "each column encoded as table.encoding says, in its order");
    input.put("table", ReleaseWriter.table(schema, tables.encoding()));
    String sha256 = tables.privateFile().sha256();
    return new MultiLabelData(null, tables.privateRows(), tables.pool(), tables.heldOut(),
        Kind.TABLE, teachers(config, tables.privateRecords(), "rows of "
            + tables.privateFile().file()), List.of(sha256),
        privateFile(config, Path.of(tables.privateFile().file()), sha256), input,
        releasePool(tables.pool(), tables.publicFile().sha256()));
  }

  private static MultiLabelData images(RunConfig config, ImagesConfig images,
      DataDirectory dataDirectory) {
    MultiLabelFolders.Source privateSource = source(images.privateDir(), images.privateFile(),
        images.privateLabels(), "private", dataDirectory).orElseThrow(() -> new UserError(
            "dataset.images.private_dir: required for multi-label images (dataset.images.labels),"
                + " with private_labels, its labels file"));
    MultiLabelFolders.Source publicSource = source(images.publicDir(), images.publicFile(),
        images.publicLabels(), "public", dataDirectory).orElseThrow(() -> new UserError(
            "dataset.images.public_dir: required for multi-label images (dataset.images.labels),"
                + " with public_labels, its labels file"));
    Optional<MultiLabelFolders.Source> evalSource = source(images.evalDir(), images.evalFile(),
        images.evalLabels(), "eval", dataDirectory);
    ImageConversion conversion = ImageData.conversion(images);
    MultiLabelFolders loaded = MultiLabelFolders.load(privateSource, publicSource, evalSource,
        images.labels(), conversion, config.dataset().queryPool());
    int[] positions = range(0, loaded.privateImages().size());
    String folderSha256 = new ImageSource.Folder(privateSource.folder()).sha256();
    String sha256 = Provenance.Private.content(List.of(folderSha256,
        Checksums.sha256(privateSource.labelsFile())));
    Map<String, Object> input = imageInput(loaded.privateImages().shape());
    input.put("scaling", "pixel / 255, planar (channel after channel), row by row");
    conversion.size().ifPresent(s -> input.put("resize", List.of(s.height(), s.width())));
    if (conversion.channels().isPresent()) {
      input.put("convert_channels", conversion.channels().getAsInt());
    }
    return new MultiLabelData(null, loaded.privateImages(), loaded.pool(), loaded.heldOut(),
        Kind.IMAGES, teachers(config, positions, "images of " + privateSource.folder()),
        List.of(folderSha256, sha256), privateFile(config, privateSource.folder(), folderSha256),
        input, releasePool(loaded.pool(), new ImageSource.Folder(publicSource.folder()).sha256()));
  }

  /** Private data read from one file or folder, named without its folders as provenance is. */
  private static Provenance.Private privateFile(RunConfig config, Path file, String sha256) {
    String name = String.valueOf(file.toAbsolutePath().normalize().getFileName());
    return new Provenance.Private(sha256, List.of(new Provenance.DataFile(
        config.dataset().name().id(), name, "private", sha256)));
  }

  /**
   * The pool's positions in the public file or folder (record numbers, or indices in path order,
   * from its examples' ids: the pool is the file's first kept rows or the folder's first images,
   * so any position between the first and the last is the pool's or a dropped record's).
   */
  private static ReleaseManifest.Pool releasePool(MultiLabelExamples pool, String publicSha256) {
    List<List<String>> ids = pool.sources();
    if (ids.isEmpty()) {
      return null;
    }
    return new ReleaseManifest.Pool(ExampleId.parse(ids.get(0).get(0)).index(),
        ExampleId.parse(ids.get(ids.size() - 1).get(0)).index() + 1, List.of(publicSha256));
  }

  /**
   * What release.json says of image input, as a single-label release says it ({@code
   * ReleaseManifest.Input}): {@code pate evaluate} checks images against it.
   */
  private static Map<String, Object> imageInput(ImageShape shape) {
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("kind", "image");
    input.put("features", shape.size());
    input.put("height", shape.height());
    input.put("width", shape.width());
    input.put("channels", shape.channels());
    input.put("shape", shape.toString());
    return input;
  }

  /**
   * A folder and its labels file, given by {@code <role>_dir} and {@code <role>_labels}; an array
   * file ({@code <role>_file}) is refused: multi-label images are folders.
   */
  private static Optional<MultiLabelFolders.Source> source(Optional<Path> dir,
      Optional<Path> file, Optional<Path> labels, String role, DataDirectory dataDirectory) {
    String keys = "dataset.images." + role;
    if (file.isPresent()) {
      throw new UserError(keys + "_file: multi-label images (dataset.images.labels) are read"
          + " from folders with a labels file; give " + keys + "_dir and " + keys + "_labels");
    }
    if (dir.isEmpty()) {
      if (labels.isPresent()) {
        throw new UserError(keys + "_labels: given without " + keys + "_dir");
      }
      return Optional.empty();
    }
    if (labels.isEmpty()) {
      throw new UserError(keys + "_labels: missing; multi-label images (dataset.images.labels)"
          + " need the labels file of " + keys + "_dir: a CSV with a path column and one 0/1"
          + " column per label, every image listed exactly once");
    }
    return Optional.of(new MultiLabelFolders.Source(dataDirectory.resolveFolder(dir.get()),
        dataDirectory.resolveFile(labels.get())));
  }

  /**
   * Each private example's teacher, from its position alone ({@link TeacherAssignment} under the
   * seed single-label runs deal with); every teacher must get at least one example.
   *
   * @param positions each private example's position in its file or folder, increasing
   */
  private static int[] teachers(RunConfig config, int[] positions, String what) {
    int count = config.teachers().count();
    TeacherAssignment assignment = new TeacherAssignment(
        Seeds.derive(config.seed(), "partitions", 0), count);
    int[] teacherOf = new int[positions.length];
    int[] sizes = new int[count];
    int block = -1;
    int[] permutation = null;
    for (int i = 0; i < positions.length; i++) {
      if (positions[i] / count != block) {
        block = positions[i] / count;
        permutation = assignment.permutation(block);
      }
      teacherOf[i] = permutation[positions[i] % count];
      sizes[teacherOf[i]]++;
    }
    for (int t = 0; t < count; t++) {
      if (sizes[t] == 0) {
        throw new UserError("teachers.count: " + count + " teachers, but teacher " + t
            + " gets none of the " + positions.length + " " + what + " (each record goes to the"
            + " teacher of its position; use fewer teachers)");
      }
    }
    return teacherOf;
  }

  /** The number of labels K. */
  public int labels() {
    return privateCanvases.labels();
  }

  /**
   * Teacher {@code t}'s examples of {@code teachers}: for canvases a contiguous block by position
   * (sizes differ by at most one), for a table or images those its position gives teacher {@code
   * t}; either way a private example's teacher depends on its position alone.
   *
   * @throws IllegalArgumentException for a table or images, if {@code teachers} is not the count
   *     the data was dealt out to when it was loaded
   */
  public MultiLabelExamples partition(int t, int teachers) {
    return privateCanvases.subset("teacher " + t, positions(t, teachers));
  }

  /**
   * The indices into {@link #privateCanvases} of teacher {@code t}'s examples of {@code teachers}
   * ({@link #partition}), in increasing order.
   */
  public int[] positions(int t, int teachers) {
    if (teacherOf == null) {
      int n = privateCanvases.size();
      int from = (int) ((long) t * n / teachers);
      int to = (int) ((long) (t + 1) * n / teachers);
      return range(from, to);
    }
    int dealt = java.util.Arrays.stream(teacherOf).max().orElse(-1) + 1;
    if (teachers != dealt) {
      throw new IllegalArgumentException("teachers: " + teachers + ", the data was dealt out to "
          + dealt);
    }
    return java.util.stream.IntStream.range(0, teacherOf.length).filter(i -> teacherOf[i] == t)
        .toArray();
  }

  /** The unit of privacy: what one record of the private data is. */
  public String unit() {
    return switch (kind) {
      case CANVASES -> "one record of the private data: a canvas of the private set (each MNIST"
          + " training digit is on at most one canvas, so also one training digit)";
      case TABLE -> "one record of the private data: a row of the private CSV file (its features"
          + " and its label set)";
      case IMAGES -> "one record of the private data: an image of the private folder with its"
          + " label set (its line of the labels file)";
    };
  }

  /** The neighbour relation every epsilon of the run is stated for. */
  public String neighbours() {
    String relation = switch (kind) {
      case CANVASES -> "two private datasets are neighbours when they differ in the canvas at one"
          + " position: replaced by any other canvas. Each position is given to one teacher by"
          + " the position alone";
      case TABLE -> "two private datasets are neighbours when they differ in the record at one"
          + " position of the private file: replaced by any other record (one dropped for a"
          + " missing value included), or appended or removed at the end. Each position is"
          + " given to one teacher by the seed and the position alone";
      case IMAGES -> "two private datasets are neighbours when they differ in the image at one"
          + " position of the private folder (its place in path order) with its label set:"
          + " replaced by any other image and label set, or appended or removed at the end."
          + " Each position is given to one teacher by the seed and the position alone";
    };
    return relation + ", so neighbours differ in one teacher's partition, and that teacher's"
        + " whole vote vector on each query may change (the multi-label mechanisms' sensitivity"
        + " is stated for that).";
  }

  /**
   * No source record is in the private data and the public data, or in the pool and the held-out
   * set: for canvases their digits (the generator uses each digit once per side, and the sides
   * come from MNIST's two splits), for a table or images their ids (file and position), so that
   * one file or folder named as two is caught. Checked here rather than trusted.
   */
  private void requireDisjoint() {
    Set<String> privateRecords = records(privateCanvases);
    Set<String> poolRecords = records(pool);
    for (List<String> example : heldOut.sources()) {
      for (String record : example) {
        if (privateRecords.contains(record) || poolRecords.contains(record)) {
          throw overlap(record + " is held out and also private or in the query pool");
        }
      }
    }
    for (String record : poolRecords) {
      if (privateRecords.contains(record)) {
        throw overlap(record + " is private and in the query pool");
      }
    }
  }

  /**
   * Shared canvases' digits are a bug (the generator uses each digit once per side); shared rows
   * or images are the config's: one file or folder named as two.
   */
  private RuntimeException overlap(String what) {
    if (kind == Kind.CANVASES) {
      return new IllegalStateException("digit " + what);
    }
    return new UserError("record " + what + "; the public and held-out examples must be other"
        + " records than the private ones and each other's (name another file or folder)");
  }

  private static Set<String> records(MultiLabelExamples examples) {
    Set<String> records = new HashSet<>();
    for (List<String> example : examples.sources()) {
      records.addAll(example);
    }
    return records;
  }

  static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }
}
