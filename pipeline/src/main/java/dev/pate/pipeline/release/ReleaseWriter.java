package dev.pate.pipeline.release;

import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.csv.ColumnEncoding;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.TableEncoding;
import dev.pate.datasets.files.Checksums;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.ensemble.nn.PlainDl4j;
import dev.pate.files.AtomicFiles;
import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.RunFolder;
import dev.pate.pipeline.report.RunReport;
import dev.pate.student.StudentMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;

/**
 * Writes a run's {@code release/} folder, what may be published: the student ({@value #MODEL},
 * DL4J's own format), {@value #MANIFEST} and {@value #CARD}. Built only from public information
 * (the config, public data, the released answers and the student trained on them) and the
 * privacy statement; never from a figure of the private data that no charge paid for. The folder
 * appears whole or not at all: it is written under another name, forced to disk, then renamed.
 * It is the one part of a run made readable by others (files 0644, the folder 0755, see {@link
 * FileModes}), so that a copy of it stays readable; until it is copied out, its owner-only run
 * folder keeps it to the owner.
 * Also writes the run folder's README.md, which says the rest of the folder is private.
 */
public final class ReleaseWriter {
  public static final String FOLDER = "release";
  public static final String MODEL = "student.zip";
  public static final String MANIFEST = "release.json";
  public static final String CARD = "MODEL_CARD.md";

  private ReleaseWriter() {}

  /**
   * @param report the run's report (its public parts are used, never its {@code private} ones)
   * @param student the student network to release
   */
  public static ReleaseManifest write(RunFolder folder, RunConfig config, RunData data,
      RunReport report, MultiLayerNetwork student) {
    ReleaseManifest[] manifest = new ReleaseManifest[1];
    writeFolder(folder, student, modelSha256 -> {
      manifest[0] = manifest(config, data, report, modelSha256);
      return java.util.Map.of(MANIFEST, Json.write(manifest[0]),
          CARD, ModelCard.text(manifest[0], config.name()));
    });
    return manifest[0];
  }

  /**
   * Writes the release folder: {@code student} as {@value #MODEL} and, beside it, the files
   * {@code filesFor} gives from the model's sha256 (name to text); built in a partial folder,
   * made readable ({@link FileModes#share}), forced to disk, then moved into place at once, so
   * a release folder is always whole. Single-label and multi-label releases are written here.
   *
   * @return the model's sha256
   */
  public static String writeFolder(RunFolder folder, MultiLayerNetwork student,
      java.util.function.Function<String, java.util.Map<String, String>> filesFor) {
    Path target = folder.path().resolve(FOLDER);
    Path partial = folder.path().resolve(FOLDER + ".partial");
    try {
      deleteTree(partial);
      Files.createDirectories(partial);
      Path model = partial.resolve(MODEL);
      // In DL4J's classes only: the release promises that DL4J alone loads it.
      ModelSerializer.writeModel(PlainDl4j.copyOf(student), model.toFile(), false);
      String sha256 = Checksums.sha256(model);
      for (var file : filesFor.apply(sha256).entrySet()) {
        AtomicFiles.writeString(partial.resolve(file.getKey()), file.getValue());
      }
      FileModes.share(partial);
      AtomicFiles.force(model);
      AtomicFiles.forceFolder(partial);
      Path old = folder.path().resolve(FOLDER + ".old");
      if (Files.exists(target)) {
        deleteTree(old);
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
      }
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
      AtomicFiles.forceFolder(folder.path());
      deleteTree(old);
      return sha256;
    } catch (IOException e) {
      throw new UserError("cannot write " + target + ": " + e.getMessage(), e);
    }
  }

  /** The run folder's README.md: which of its files are private, and what the release is. */
  public static void writeFolderReadme(RunFolder folder, boolean released) {
    folder.write("README.md", """
        # A pate run: the data owner's private record

        Everything in this folder except `release/` is private to the owner of the training data:
        the teachers (`teachers/`) were trained on it, `votes.csv` holds their votes, `labels.csv`
        the answers beside the public data's true labels, `ledger.jsonl` every privacy charge with
        its data-dependent part, `report.json` figures of the private data (in its objects named
        `private`) beside the public ones. Keep them where the training data is kept.

        """ + (released ? """
        `release/` is what may be published: the student model (`student.zip`), `release.json`
        (its input, classes, held-out accuracy and privacy statement) and `MODEL_CARD.md`.
        """ : """
        This run released nothing (no student was trained, or `output.release` is false).
        """));
  }

  static ReleaseManifest manifest(RunConfig config, RunData data, RunReport report,
      String modelSha256) {
    var student = report.student();
    boolean average = config.student().method() == StudentMethod.SELF_TRAINING
        && config.student().selfTraining().emaDecay() > 0;
    ReleaseManifest.Model model = new ReleaseManifest.Model(MODEL,
        "DL4J ModelSerializer (MultiLayerNetwork): ModelSerializer.restoreMultiLayerNetwork",
        modelSha256, student.architecture(), student.method(), average,
        student.ensemble().isEmpty() ? null : student.ensemble().size());
    Dataset holdout = data.publicSplit().holdout();
    return new ReleaseManifest(ReleaseManifest.FORMAT, model, input(data), classes(data),
        new ReleaseManifest.Evaluation(holdout.size(), student.testAccuracy(),
            evaluationData(data, holdout), pool(data, report)),
        privacy(report), report.provenance() == null ? null : report.provenance().published());
  }

  private static ReleaseManifest.Input input(RunData data) {
    Dataset set = data.privateSet();
    if (set instanceof ImageDataset images) {
      var conversion = data.images() == null ? ImageConversion.NONE : data.images().conversion();
      return new ReleaseManifest.Input(ReleaseManifest.Input.IMAGE, set.featureCount(),
          images.rows(), images.cols(), images.channels(), ReleaseManifest.Input.IMAGE_SCALING,
          null, conversion.size().map(s -> List.of(s.height(), s.width())).orElse(null),
          conversion.channels().isPresent() ? conversion.channels().getAsInt() : null);
    }
    if (data.encoding() != null) {
      return new ReleaseManifest.Input(ReleaseManifest.Input.TABLE, set.featureCount(), null,
          null, null, "each column encoded as table.encoding says, in its order",
          table(data.encoding().schema(), data.encoding().table()), null, null);
    }
    return new ReleaseManifest.Input(ReleaseManifest.Input.FEATURES, set.featureCount(), null,
        null, null, "rows of floats as the program that trained it gave them", null, null, null);
  }

  /**
   * How a table's rows are read and encoded, as release.json states it; a multi-label table has no
   * single label column (null).
   */
  public static ReleaseManifest.Table table(CsvSchema schema, TableEncoding encoding) {
    List<ReleaseManifest.Column> columns = new ArrayList<>();
    for (ColumnEncoding column : encoding.columns()) {
      String source = column.source().name().toLowerCase(Locale.ROOT).replace('_', ' ');
      if (column instanceof ColumnEncoding.Numeric n) {
        columns.add(new ReleaseManifest.Column(n.column(), "numeric", n.method(), source,
            n.center(), n.scale(), null, null));
      } else if (column instanceof ColumnEncoding.Categorical c) {
        columns.add(new ReleaseManifest.Column(c.column(), "categorical", "one-hot", source,
            null, null, c.categories(), c.missingSlot()));
      }
    }
    return new ReleaseManifest.Table(schema.columns().orElse(null), schema.delimiter(),
        schema.multiLabel() ? null : schema.label(),
        schema.multiLabel() ? null : schema.labelSuffix().orElse(null), schema.categorical(),
        schema.numeric(), schema.ignored(), schema.missing(),
        schema.missingPolicy().name().toLowerCase(Locale.ROOT), encoding.poolRows(), columns);
  }

  private static List<String> classes(RunData data) {
    if (data.encoding() != null) {
      return data.encoding().schema().classes();
    }
    if (data.images() != null) {
      return data.images().classes();
    }
    if (data.privateSet() instanceof ImageDataset && ImageDatasets.names().contains(data.name())) {
      return ImageDatasets.classNames(data.name());
    }
    return IntStream.range(0, data.privateSet().numClasses()).mapToObj(Integer::toString)
        .toList();
  }

  /**
   * Which examples the accuracy was measured on, as positions in their file (image index or CSV
   * record number): {@code pate evaluate --rows A:B} on that file measures them again.
   */
  private static String evaluationData(RunData data, Dataset holdout) {
    int first = holdout.sourceIndex(0);
    int last = holdout.sourceIndex(holdout.size() - 1);
    String file = data.encoding() != null ? "the public CSV file's records"
        : data.dataDir() != null ? "the images of " + data.name() + "'s test file at positions"
        : "the public set's examples at positions";
    String dropped = data.encoding() != null && holdout.size() < last - first + 1
        ? " (records with a missing value dropped)" : "";
    return file + " " + first + ":" + (last + 1) + dropped + ", never used in training";
  }

  /**
   * The query pool's positions in the public file, with that file's hashes; null for data given
   * in code, which has no file.
   */
  private static ReleaseManifest.Pool pool(RunData data, RunReport report) {
    Dataset pool = data.publicSplit().pool();
    if (report.provenance() == null || pool.size() == 0) {
      return null;
    }
    List<String> hashes = report.provenance().data().stream()
        .filter(f -> f.role().equals("public")).map(f -> f.sha256()).toList();
    return hashes.isEmpty() ? null : new ReleaseManifest.Pool(pool.sourceIndex(0),
        pool.sourceIndex(pool.size() - 1) + 1, hashes);
  }

  private static ReleaseManifest.Privacy privacy(RunReport report) {
    var p = report.privacy();
    var a = report.aggregation();
    Map<String, Double> parameters = new java.util.LinkedHashMap<>();
    putIfSet(parameters, "gamma", a.gamma());
    putIfSet(parameters, "sigma", a.sigma());
    putIfSet(parameters, "threshold", a.threshold());
    putIfSet(parameters, "sigma1", a.sigma1());
    putIfSet(parameters, "sigma2", a.sigma2());
    return new ReleaseManifest.Privacy(p.unit(), p.neighbours(), a.mechanism(), parameters,
        p.noise(), p.randomness(), p.guaranteeHolds(), a.queriesAsked(), a.queriesAnswered(),
        p.delta(), p.epsilonDataIndependent(), p.orderDataIndependent(), p.conversion(),
        "data-independent", p.guarantee().description(), dataDependent(report), p.composition(),
        report.datasetBudget() == null ? null : report.datasetBudget().published(),
        p.groupMethod(), p.groups() == null ? null : p.groups().stream().map(g -> {
          // The group's public line of report.json: its private part is left out.
          Map<String, Object> m = new java.util.LinkedHashMap<>();
          m.put("name", g.name());
          m.put("budget_epsilon", g.budgetEpsilon());
          m.put("budget_delta", g.budgetDelta());
          m.put("multiplier", g.multiplier());
          m.put("epsilon", g.guarantee().epsilon());
          m.put("delta", g.guarantee().delta());
          m.put("order", g.guarantee().order());
          m.put("conversion", g.guarantee().conversion());
          m.put("kind", g.guarantee().kind());
          return m;
        }).toList());
  }

  private static Map<String, Object> dataDependent(RunReport report) {
    var released = report.privacy().dataDependentRelease();
    if (released != null) {
      return released;
    }
    return Map.of("status", "not released", "reason", "the data-dependent epsilon is a function"
        + " of the private votes; it is published only through a private release"
        + " (privacy.release: smooth-sensitivity), which this run did not make");
  }

  private static void putIfSet(Map<String, Double> m, String name, Double value) {
    if (value != null) {
      m.put(name, value);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
