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
      description = "IDX images (gzipped or not) for an image model; a CSV file with the"
          + " training's columns for a table model.")
  Path input;

  @Option(names = "--rows", paramLabel = "A:B",
      description = "Half-open range of positions in the file: image indices, or CSV record"
          + " numbers counting every data record (default: all).")
  String rows;

  @Option(names = "--skip-lines", defaultValue = "0", paramLabel = "N",
      description = "CSV: lines to skip at the top of the file (default ${DEFAULT-VALUE}).")
  int skipLines;

  ReleasedModel load() {
    return ReleasedModel.load(model);
  }

  ReleasedModel.Examples read(ReleasedModel released, Optional<Path> labels) {
    RowSelection selection = rows == null ? RowSelection.all() : RowSelection.parse(rows);
    return released.read(input, labels, selection, skipLines);
  }
}
