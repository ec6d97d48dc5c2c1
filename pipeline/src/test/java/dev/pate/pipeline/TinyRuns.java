package dev.pate.pipeline;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The tiny run of the end-to-end tests (a few hundred MNIST images, seconds) driven through the
 * library as a Java user would: a config parsed from YAML text, {@link PatePipeline#builder}, and a
 * resume through {@link RunPlace#resume}. Its config, {@code tiny.yaml} beside this class, is also
 * what the command line's tests run.
 */
final class TinyRuns {
  /** The tiny run's config. */
  static final String TINY = resource("tiny.yaml");

  private TinyRuns() {}

  /**
   * Runs {@code yaml} as a new run under {@code out}, with {@code overrides} ({@code key=value},
   * as the command line takes them); returns its run folder.
   */
  static Path run(String yaml, Path out, String... overrides) {
    RunConfig config = ConfigLoader.parse(yaml, "tiny.yaml", List.of(overrides));
    return PatePipeline.builder(config).outputDir(out).build().run().runFolder();
  }

  /**
   * Runs the config file {@code config} (paths in it relative to it, as {@code pate run} reads
   * it) as a new run under {@code out}; returns its run folder.
   */
  static Path run(Path config, Path out) {
    return PatePipeline.builder(ConfigLoader.load(config, List.of())).outputDir(out).build().run()
        .runFolder();
  }

  /**
   * Resumes the run in {@code folder} with its own config.yaml, its cache where {@code pate run
   * --resume} looks for it ({@code <out>/<name>/<stamp>}: under the folder's grandparent).
   */
  static PipelineResult resume(Path folder) {
    RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
    Path out = folder.toAbsolutePath().normalize().getParent().getParent();
    return PatePipeline.builder(config).place(RunPlace.resume(folder, out)).build().run();
  }

  private static String resource(String name) {
    try (InputStream in = TinyRuns.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + ": not on the test class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
