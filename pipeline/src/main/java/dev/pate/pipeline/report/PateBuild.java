package dev.pate.pipeline.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Which pate computed a run: its version and the git commit it was built from, and whether the
 * checkout had uncommitted changes then. Maven writes them into {@value #RESOURCE} at build time
 * (pipeline/pom.xml); a build without git, or classes compiled without Maven, say {@code unknown}.
 *
 * @param uncommittedChanges {@code true}, {@code false} or {@code unknown}: a {@code true} means
 *     the commit alone does not reproduce the code
 */
public record PateBuild(String version, String commit, String uncommittedChanges) {
  static final String RESOURCE = "pate-build.properties";

  /** This JVM's pate. */
  public static PateBuild current() {
    Properties properties = new Properties();
    try (InputStream in = PateBuild.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
    }
    return new PateBuild(properties.getProperty("version", LibraryVersions.UNKNOWN),
        properties.getProperty("commit", LibraryVersions.UNKNOWN),
        properties.getProperty("uncommitted_changes", LibraryVersions.UNKNOWN));
  }
}
