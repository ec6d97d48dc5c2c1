package dev.pate.cli;

import dev.pate.files.UserError;
import dev.pate.pipeline.release.ModelEvaluation;
import dev.pate.pipeline.release.PoolRows;
import dev.pate.pipeline.release.ReleasedModel;
import dev.pate.pipeline.output.Json;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pate evaluate}: a released student's accuracy and confusion matrix on labelled data. */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Evaluate a released student on labelled examples: accuracy and confusion"
        + " matrix (rows: true class, columns: predicted)."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate evaluate --model runs/mnist-quick/<stamp>/release \\",
        "    --input ../shared/data/mnist/t10k-images-idx3-ubyte.gz \\",
        "    --labels ../shared/data/mnist/t10k-labels-idx1-ubyte.gz --rows 9000:10000"})
final class EvaluateCommand implements Callable<Integer> {
  @Mixin
  ModelOptions options;

  @Spec
  CommandSpec spec;

  @Option(names = "--labels", paramLabel = "FILE",
      description = "Labels of an image array: IDX labels, or a 1-dimensional integer .npy (a"
          + " folder's labels are its class sub-folders, a CSV file's its label column).")
  Path labels;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Option(names = "--allow-pool-overlap",
      description = "Evaluate rows of the run's own public file that were the student's query"
          + " pool (it learnt from them) with a warning, instead of refusing them.")
  boolean allowPoolOverlap;

  @Override
  public Integer call() {
    ReleasedModel model = options.load();
    ReleasedModel.Examples examples = options.read(model, Optional.ofNullable(labels),
        spec.commandLine().getErr());
    int poolRows = PoolRows.among(model, options.input, Optional.ofNullable(labels), examples);
    String held = model.manifest().evaluation().data();
    if (poolRows > 0 && !allowPoolOverlap) {
      throw new UserError(options.input + ": " + poolRows + " of the " + examples.size()
          + " rows asked for were the student's query pool, which it learnt from; evaluate the"
          + " held-out rows (" + held + ") or give --allow-pool-overlap");
    }
    if (poolRows > 0) {
      spec.commandLine().getErr().println("pate: warning: " + poolRows + " of the " + examples.size()
          + " evaluated rows were the student's query pool, which it learnt from: the accuracy"
          + " overstates it (held out: " + held + ")");
    }
    ModelEvaluation evaluation = ModelEvaluation.of(model, examples, options.input.toString(),
        poolRows);
    System.out.print(json ? Json.write(evaluation) : evaluation.table());
    return 0;
  }
}
