package dev.pate.cli;

import dev.pate.files.UserError;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spark-master} and {@code spark-worker}: a standalone Spark cluster from the jars Maven
 * fetched. The {@code ./pate} launcher starts them itself (Spark's own main classes, on Spark's
 * class path); they are commands here so that {@code pate --help} lists them, and a call that
 * reaches the CLI by another way says how to start them.
 */
abstract class SparkClusterCommand implements Callable<Integer> {
  @Parameters(paramLabel = "SPARK_ARGUMENT", description = "Passed to Spark as they are.")
  List<String> arguments = List.of();

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    throw new UserError(spec.name() + ": started by the ./pate launcher (it runs Spark's own main"
        + " class on Spark's class path): ./pate " + spec.name() + " ...");
  }

  @Command(name = "spark-master", mixinStandardHelpOptions = true,
      description = {"Start a standalone Spark master for teachers.executor: spark (./pate"
          + " only; no Spark download). Options are Spark's own."},
      footerHeading = HelpExamples.HEADING,
      footer = {"  ./pate spark-master --host 10.0.0.5 --port 7077"})
  static final class Master extends SparkClusterCommand {}

  @Command(name = "spark-worker", mixinStandardHelpOptions = true,
      description = {"Start a standalone Spark worker joining a master (./pate only). Options"
          + " are Spark's own."},
      footerHeading = HelpExamples.HEADING,
      footer = {"  ./pate spark-worker spark://10.0.0.5:7077 --cores 8 --memory 16g"})
  static final class Worker extends SparkClusterCommand {}
}
