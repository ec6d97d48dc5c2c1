package dev.pate.pipeline.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The versions of the libraries that decide a run's results, as loaded (read from each jar's
 * {@code META-INF/maven/<group>/<artifact>/pom.properties}), not as the pom asked: a classpath
 * assembled by hand, or a pinned version, shows up as it is.
 */
final class LibraryVersions {
  /**
   * Networks and their numerics (DL4J, ND4J and its native backend, JavaCPP, OpenBLAS, Commons
   * Math for ND4J's distributions), how data and configs are read (Commons CSV, SnakeYAML), and
   * how the ledger and caches are read back (Jackson).
   */
  static final List<String> DECIDING = List.of(
      "org.deeplearning4j:deeplearning4j-nn",
      "org.nd4j:nd4j-api",
      "org.nd4j:nd4j-native",
      "org.bytedeco:javacpp",
      "org.bytedeco:openblas",
      "org.apache.commons:commons-math3",
      "org.apache.commons:commons-csv",
      "org.yaml:snakeyaml",
      "com.fasterxml.jackson.core:jackson-databind");

  static final String UNKNOWN = "unknown";

  private LibraryVersions() {}

  /** Each of {@link #DECIDING} with its version, {@value #UNKNOWN} where no jar says. */
  static Map<String, String> deciding() {
    Map<String, String> versions = new LinkedHashMap<>();
    for (String coordinates : DECIDING) {
      versions.put(coordinates, of(coordinates));
    }
    return versions;
  }

  /**
   * The version of {@code group:artifact} on the classpath. A shaded jar may carry another
   * library's pom.properties (ND4J's shaded Jackson does), so the artifact's own jar, named
   * {@code artifact-version...jar}, is preferred.
   */
  static String of(String coordinates) {
    String[] ga = coordinates.split(":");
    String resource = "META-INF/maven/" + ga[0] + "/" + ga[1] + "/pom.properties";
    try {
      List<URL> found = Collections.list(LibraryVersions.class.getClassLoader()
          .getResources(resource));
      URL chosen = found.stream().filter(u -> u.toString().contains("/" + ga[1] + "-"))
          .findFirst().orElse(found.isEmpty() ? null : found.get(0));
      if (chosen == null) {
        return UNKNOWN;
      }
      Properties properties = new Properties();
      try (InputStream in = chosen.openStream()) {
        properties.load(in);
      }
      return properties.getProperty("version", UNKNOWN);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
    }
  }
}
