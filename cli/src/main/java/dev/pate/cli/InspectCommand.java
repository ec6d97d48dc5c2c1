package dev.pate.cli;

import dev.pate.datasets.csv.CsvInspector;
import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pate inspect FILE.csv}: a proposed {@code dataset.csv} schema, printed as YAML. */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Infer a CSV file's schema (delimiter, junk lines, header, column kinds,"
        + " missing-value markers, label and classes) and print it as a run config to review"
        + " and edit. Its output holds raw statistics of the file: for the data owner only."},
    footerHeading = HelpExamples.HEADING,
    footer = {
        "  pate inspect ../shared/data/adult/adult.data \\",
        "    --public ../shared/data/adult/adult.test > adult.yaml"})
final class InspectCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The (private) CSV file.")
  Path file;

  @Option(names = "--public", paramLabel = "FILE",
      description = "The public CSV file that goes with it: its junk lines and label suffix are"
          + " inferred too.")
  Path publicFile;

  @Option(names = "--delimiter", paramLabel = "CHAR",
      description = "The field separator, instead of guessing among , ; tab |.")
  String delimiter;

  @Option(names = "--columns", paramLabel = "NAME", split = ",",
      description = "Column names for a file without a header, e.g. --columns age,job,income.")
  List<String> columns;

  @Override
  public Integer call() {
    if (delimiter != null && delimiter.length() != 1) {
      throw new UserError("--delimiter: '" + delimiter + "' is not one character");
    }
    var profile = CsvInspector.inspect(file, Optional.ofNullable(publicFile),
        Optional.ofNullable(delimiter), Optional.ofNullable(columns));
    String command = "pate inspect " + file + (publicFile == null ? "" : " --public "
        + publicFile);
    System.out.print(SchemaProposal.yaml(profile, command));
    return 0;
  }
}
