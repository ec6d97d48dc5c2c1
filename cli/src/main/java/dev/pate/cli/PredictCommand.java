package dev.pate.cli;

import dev.pate.files.AtomicFiles;
import dev.pate.files.UserError;
import dev.pate.pipeline.multilabel.ReleasedMultiLabelModel;
import dev.pate.pipeline.release.PredictionTable;
import dev.pate.pipeline.release.ReleasedModel;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pate predict}: a released student's predictions for the examples of a file. */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Predict with a released student: one CSV row per input example,"
        + " index,prediction,confidence (index: its position in the file; prediction: the class"
        + " name); for a folder of images index,file,prediction,confidence, one row per file."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate predict --model runs/mnist-quick/<stamp>/release \\",
        "    --input ../shared/data/mnist/t10k-images-idx3-ubyte.gz --rows 9000:9010"})
final class PredictCommand implements Callable<Integer> {
  @Mixin
  ModelOptions options;

  @Spec
  CommandSpec spec;

  @Option(names = "--probabilities",
      description = "Also one column per class with its probability.")
  boolean probabilities;

  @Option(names = "--output", paramLabel = "FILE",
      description = "Write the CSV here (atomically) instead of standard output.")
  Path output;

  @Override
  public Integer call() {
    if (ReleasedMultiLabelModel.isMultiLabel(options.model)) {
      throw new UserError(options.model + ": a multi-label release; pate predict reads"
          + " single-label releases only (pate evaluate scores a multi-label one on labelled"
          + " data)");
    }
    ReleasedModel model = options.load();
    ReleasedModel.Examples examples = options.read(model, Optional.empty(),
        spec.commandLine().getErr());
    String csv = PredictionTable.csv(model.classes(), examples,
        model.predict(examples), probabilities);
    if (output != null) {
      AtomicFiles.writeString(output, csv);
    } else {
      System.out.print(csv);
    }
    return 0;
  }
}
