package dev.pate.pipeline.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.csv.FileSummary;
import dev.pate.ensemble.nn.Numerics;
import dev.pate.files.Sha256;
import dev.pate.pipeline.cache.DataFingerprint;
import dev.pate.pipeline.data.RunData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where a run's results come from, for whoever must reproduce or audit them: which pate (version,
 * commit), on which JVM, OS and numerics (ND4J backend and BLAS), with which versions of the
 * libraries that decide results, from which config (the sha256 of config.yaml as written) and
 * which data files (their sha256). Files are named without their folder, so nothing here leaks
 * the operator's paths.
 *
 * <p>The private data's file hashes are functions of the private data: they sit in the {@code
 * private} object, which report.json keeps and {@link #published()} (release.json) leaves out.
 *
 * @param libraries {@code group:artifact} to the version loaded
 * @param configSha256 the sha256 of the resolved config, as written to config.yaml
 * @param data the public data files; empty for data given in code
 * @param provenancePrivate the private data's content hash and files; null in what is published
 */
public record Provenance(PateBuild pate, Java java, Os os, Numerics numerics,
    Map<String, String> libraries, String configSha256, List<DataFile> data,
    @JsonProperty("private") @JsonInclude(JsonInclude.Include.NON_NULL)
    Private provenancePrivate) {

  /** The JVM: {@code java.version}, {@code java.vendor}, and the VM's name and version. */
  public record Java(String version, String vendor, String vm) {}

  /** The operating system: {@code os.name}, {@code os.version}, {@code os.arch}. */
  public record Os(String name, String version, String arch) {}

  /**
   * One data file the run read.
   *
   * @param dataset the dataset ({@code mnist}, {@code csv}, ...)
   * @param file the file's name, without its folder
   * @param role {@code public} (query pool and held-out set) or {@code private} (the teachers')
   * @param sha256 its content's hash (for built-in data, the published hash it was checked
   *     against when loaded)
   */
  public record DataFile(String dataset, String file, String role, String sha256) {}

  /**
   * The private data: what {@code pate ledger} composes runs by, so that the same records under
   * another file name add up and other records never do.
   *
   * @param sha256 its content: the one private file's sha256; of several (an image set's images
   *     and labels), the sha256 of their sha256s sorted, one a line; for data given in code (no
   *     file), the sha256 of its records as the networks see them
   * @param data the private data files; empty for data given in code
   */
  public record Private(String sha256, List<DataFile> data) {

    /** The private data of {@code data}: its files' hashes, or its records' for data in code. */
    public static Private of(RunData data) {
      List<DataFile> files = files(data).stream().filter(f -> f.role().equals("private"))
          .toList();
      return new Private(files.isEmpty()
          ? DataFingerprint.of(List.of(data.privateSet()))
          : content(files.stream().map(DataFile::sha256).toList()), files);
    }

    /**
     * The private data of a run on the built-in data set {@code dataset} (its training split,
     * identified by the published hashes its files are checked against).
     */
    public static Private ofBuiltIn(String dataset) {
      List<DataFile> files = pinned(dataset, "train", "private");
      return new Private(content(files.stream().map(DataFile::sha256).toList()), files);
    }

    /** The content hash of files with these sha256s: see {@link #sha256}. */
    public static String content(List<String> fileHashes) {
      if (fileHashes.size() == 1) {
        return fileHashes.get(0);
      }
      return Sha256.of(fileHashes.stream().sorted().map(h -> h + "\n")
          .collect(Collectors.joining()));
    }
  }

  /** The provenance of a run of {@code config} on {@code data}, in this JVM. */
  public static Provenance of(RunConfig config, RunData data) {
    return new Provenance(PateBuild.current(),
        new Java(System.getProperty("java.version"), System.getProperty("java.vendor"),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")),
        new Os(System.getProperty("os.name"), System.getProperty("os.version"),
            System.getProperty("os.arch")),
        Numerics.current(), LibraryVersions.deciding(),
        Sha256.of(ConfigWriter.toYaml(config)),
        files(data).stream().filter(f -> !f.role().equals("private")).toList(),
        Private.of(data));
  }

  /** Every data file {@code data} was read from, public and private; none for data in code. */
  private static List<DataFile> files(RunData data) {
    List<DataFile> files = new ArrayList<>();
    if (data.tables() != null && data.privateTable() != null) {
      files.add(file(data.name(), data.tables().publicFile(), "public"));
      files.add(file(data.name(), data.privateTable().file(), "private"));
    } else if (data.images() != null) {
      for (RunData.SourceFile source : data.images().sources()) {
        files.add(new DataFile(data.name(), source.name(), source.role(), source.sha256()));
      }
    } else if (data.dataDir() != null && ImageDatasets.names().contains(data.name())) {
      files.addAll(pinned(data.name(), "test", "public"));
      files.addAll(pinned(data.name(), "train", "private"));
    }
    return files;
  }

  /** What may be published: all but the private data's file hashes. */
  public Provenance published() {
    return new Provenance(pate, java, os, numerics, libraries, configSha256, data, null);
  }

  private static DataFile file(String dataset, FileSummary summary, String role) {
    return new DataFile(dataset, String.valueOf(Path.of(summary.file()).getFileName()), role,
        summary.sha256());
  }

  private static List<DataFile> pinned(String dataset, String split, String role) {
    return ImageDatasets.files(dataset, split).stream()
        .map(f -> new DataFile(dataset, f.fileName(), role, f.sha256()))
        .toList();
  }
}
