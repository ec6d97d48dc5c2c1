package dev.pate.cli;

import dev.pate.aggregator.votes.RowSelection;
import dev.pate.pipeline.release.ReleasedModel;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** What {@code predict} and {@code evaluate} share: the release, the input file and its rows. */
final class ModelOptions {
  @Option(names = "--model", required = true, paramLabel = "RELEASE",
      description = "A run's release folder (<run folder>/release).")
  Path model;

  @Option(names = "--input", required = true, paramLabel = "FILE",
      description = "For an image model: a folder of PNG or JPEG images (one row per file, in"
          + " path order; one sub-folder per class gives labels), a .npy array or IDX images"
          + " (gzipped or not), resized and converted as the training's images were. For a table"
          + " model: a CSV file with the training's columns. For a multi-label model (evaluate):"
          + " a folder of images with --labels, or a CSV file with its label columns.")
  Path input;

  @Option(names = "--rows", paramLabel = "A:B",
      description = "Half-open range of positions in the file: image indices (a folder's"
          + " files in path order), or CSV record numbers counting every data record (default:"
          + " all).")
  String rows;

  @Option(names = "--skip-lines", defaultValue = "0", paramLabel = "N",
      description = "CSV: lines to skip at the top of the file (default ${DEFAULT-VALUE}).")
  int skipLines;

  /** The rows of {@code --rows}: all by default. */
  RowSelection selection() {
    return rows == null ? RowSelection.all()
        : OptionChecks.parse("--rows", () -> RowSelection.parse(rows));
  }

  int skipLines() {
    return OptionChecks.atLeast("--skip-lines", skipLines, 0);
  }

  ReleasedModel load() {
    return ReleasedModel.load(model);
  }

  /** Reads the examples; their warnings (an unseen category, say) go to {@code err}. */
  ReleasedModel.Examples read(ReleasedModel released, Optional<Path> labels,
      java.io.PrintWriter err) {
    ReleasedModel.Examples examples = released.read(input, labels, selection(), skipLines());
    examples.warnings().forEach(w -> err.println("pate: warning: " + input + ": " + w));
    err.flush();
    return examples;
  }
}
