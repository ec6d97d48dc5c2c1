package dev.pate.cli;

import dev.pate.files.UserError;
import dev.pate.pipeline.multilabel.MultiLabelEvaluation;
import dev.pate.pipeline.multilabel.ReleasedMultiLabelModel;
import dev.pate.pipeline.release.ModelEvaluation;
import dev.pate.pipeline.release.PoolRows;
import dev.pate.pipeline.release.ReleaseManifest;
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

/**
 * {@code pate evaluate}: a released student's accuracy and confusion matrix on labelled data, or a
 * multi-label student's per-label and label-set scores.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Evaluate a released student on labelled examples: accuracy and confusion"
        + " matrix (rows: true class, columns: predicted); for a multi-label student, per-label"
        + " accuracy and F1, micro and macro F1 and label-set accuracy."},
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
          + " folder's labels are its class sub-folders, a CSV file's its label column). For a"
          + " multi-label image model: the folder's labels file (a path column and one 0/1"
          + " column per label).")
  Path labels;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Option(names = "--allow-pool-overlap",
      description = "Evaluate rows of the run's own public file that were the student's query"
          + " pool (it learnt from them) with a warning, instead of refusing them.")
  boolean allowPoolOverlap;

  @Override
  public Integer call() {
    if (ReleasedMultiLabelModel.isMultiLabel(options.model)) {
      return multiLabel();
    }
    ReleasedModel model = options.load();
    ReleasedModel.Examples examples = options.read(model, Optional.ofNullable(labels),
        spec.commandLine().getErr());
    int poolRows = checkPool(PoolRows.among(model, options.input, Optional.ofNullable(labels),
        examples), examples.size(), model.manifest().evaluation().data());
    ModelEvaluation evaluation = ModelEvaluation.of(model, examples, options.input.toString(),
        poolRows);
    System.out.print(json ? Json.write(evaluation) : evaluation.table());
    return 0;
  }

  /**
   * Refuses {@code poolRows} of the student's query pool among {@code examples} examples, or with
   * {@code --allow-pool-overlap} warns of them; {@code held} says which are held out.
   *
   * @return {@code poolRows}
   */
  private int checkPool(int poolRows, int examples, String held) {
    if (poolRows > 0 && !allowPoolOverlap) {
      throw new UserError(options.input + ": " + poolRows + " of the " + examples
          + " rows asked for were the student's query pool, which it learnt from; evaluate the"
          + " held-out rows (" + held + ") or give --allow-pool-overlap");
    }
    if (poolRows > 0) {
      spec.commandLine().getErr().println("pate: warning: " + poolRows + " of the " + examples
          + " evaluated rows were the student's query pool, which it learnt from: the scores"
          + " overstate it (held out: " + held + ")");
    }
    return poolRows;
  }

  /**
   * A multi-label release: the label sets of a folder of images (its labels file, {@code
   * --labels}) or of a CSV file's label columns, scored as report.json scores the held-out
   * examples.
   */
  private int multiLabel() {
    ReleasedMultiLabelModel model = ReleasedMultiLabelModel.load(options.model);
    ReleasedMultiLabelModel.Examples examples = model.read(options.input,
        Optional.ofNullable(labels), options.selection(), options.skipLines());
    examples.warnings().forEach(w -> spec.commandLine().getErr().println("pate: warning: "
        + options.input + ": " + w));
    spec.commandLine().getErr().flush();
    // The generated canvases have no file: no pool to recognise.
    ReleaseManifest.Pool pool = model.pool().orElse(null);
    int poolRows = pool == null ? 0 : checkPool(PoolRows.among(pool, options.input,
        Optional.ofNullable(labels), examples.positions()), examples.examples().size(),
        "positions other than " + pool.first() + ":" + pool.end() + " of the run's public file"
            + " or folder");
    MultiLabelEvaluation evaluation = model.evaluate(examples, options.input.toString(),
        poolRows);
    System.out.print(json ? Json.write(evaluation.toMap()) : evaluation.table());
    return 0;
  }
}
