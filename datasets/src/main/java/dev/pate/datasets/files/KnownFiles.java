package dev.pate.datasets.files;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of every dataset this project knows, with pinned sizes and SHA-256 values.
 *
 * <p>The hashes are public constants: the MNIST files are LeCun's originals (their md5 values are
 * those published with the data; the SHA-256 values are also pinned in nixpkgs {@code
 * pkgs/data/machine-learning/mnist}); Fashion-MNIST matches the md5 of the upstream README (Xiao et
 * al. 2017); Adult matches the UCI files. See {@code shared/data/README.md}.
 *
 * <p>Download sources are the usual public mirrors: for MNIST the PyTorch (ossci-datasets) and
 * TensorFlow (cvdf-datasets) mirrors and LeCun's site, for Fashion-MNIST Zalando's bucket and
 * repository, for Adult the UCI archive. Whatever a mirror serves is only accepted if its SHA-256
 * matches.
 */
public final class KnownFiles {
  private static final Map<String, List<DataFile>> BY_DATASET = new LinkedHashMap<>();

  static {
    List<String> mnistMirrors =
        List.of(
            "https://ossci-datasets.s3.amazonaws.com/mnist/",
            "https://storage.googleapis.com/cvdf-datasets/mnist/",
            "http://yann.lecun.com/exdb/mnist/");
    add(
        "mnist",
        "train-images-idx3-ubyte.gz",
        9912422,
        "440fcabf73cc546fa21475e81ea370265605f56be210a4024d2ca8f203523609",
        mnistMirrors);
    add(
        "mnist",
        "train-labels-idx1-ubyte.gz",
        28881,
        "3552534a0a558bbed6aed32b30c495cca23d567ec52cac8be1a0730e8010255c",
        mnistMirrors);
    add(
        "mnist",
        "t10k-images-idx3-ubyte.gz",
        1648877,
        "8d422c7b0a1c1c79245a5bcf07fe86e33eeafee792b84584aec276f5a2dbc4e6",
        mnistMirrors);
    add(
        "mnist",
        "t10k-labels-idx1-ubyte.gz",
        4542,
        "f7ae60f92e00ec6debd23a6088c31dbd2371eca3ffa0defaefb259924204aec6",
        mnistMirrors);

    List<String> fashionMirrors =
        List.of(
            "http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/",
            "https://raw.githubusercontent.com/zalandoresearch/fashion-mnist/master/data/fashion/");
    add(
        "fashion-mnist",
        "train-images-idx3-ubyte.gz",
        26421880,
        "3aede38d61863908ad78613f6a32ed271626dd12800ba2636569512369268a84",
        fashionMirrors);
    add(
        "fashion-mnist",
        "train-labels-idx1-ubyte.gz",
        29515,
        "a04f17134ac03560a47e3764e11b92fc97de4d1bfaf8ba1a3aa29af54cc90845",
        fashionMirrors);
    add(
        "fashion-mnist",
        "t10k-images-idx3-ubyte.gz",
        4422102,
        "346e55b948d973a97e58d2351dde16a484bd415d4595297633bb08f03db6a073",
        fashionMirrors);
    add(
        "fashion-mnist",
        "t10k-labels-idx1-ubyte.gz",
        5148,
        "67da17c76eaffca5446c3361aaab5c3cd6d1c2608764d35dfb1850b086bf8dd5",
        fashionMirrors);

    List<String> adultMirrors =
        List.of("https://archive.ics.uci.edu/ml/machine-learning-databases/adult/");
    add(
        "adult",
        "adult.data",
        3974305,
        "5b00264637dbfec36bdeaab5676b0b309ff9eb788d63554ca0a249491c86603d",
        adultMirrors);
    add(
        "adult",
        "adult.test",
        2003153,
        "a2a9044bc167a35b2361efbabec64e89d69ce82d9790d2980119aac5fd7e9c05",
        adultMirrors);
    add(
        "adult",
        "adult.names",
        5229,
        "c248284c0b5de30c9e1958d6cdd168a34a654758b620e68f46aefa83fc0a576a",
        adultMirrors);
  }

  private KnownFiles() {}

  private static void add(
      String dataset, String fileName, long size, String sha256, List<String> mirrors) {
    List<URI> sources = mirrors.stream().map(m -> URI.create(m + fileName)).toList();
    BY_DATASET
        .computeIfAbsent(dataset, d -> new ArrayList<>())
        .add(new DataFile(dataset, fileName, size, sha256, sources));
  }

  /** Names of the known datasets: {@code mnist}, {@code fashion-mnist}, {@code adult}. */
  public static List<String> datasets() {
    return List.copyOf(BY_DATASET.keySet());
  }

  /** All files of {@code dataset}; IllegalArgumentException for an unknown dataset. */
  public static List<DataFile> of(String dataset) {
    List<DataFile> files = BY_DATASET.get(dataset);
    if (files == null) {
      throw new IllegalArgumentException(
          "dataset: '" + dataset + "' is not one of " + BY_DATASET.keySet());
    }
    return List.copyOf(files);
  }

  /** The file {@code fileName} of {@code dataset}; IllegalArgumentException if unknown. */
  public static DataFile get(String dataset, String fileName) {
    return of(dataset).stream()
        .filter(f -> f.fileName().equals(fileName))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "file: '" + fileName + "' is not a known file of dataset " + dataset));
  }
}
