package dev.pate.cli;

import dev.pate.pipeline.UserError;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code spark-master} and {@code spark-worker}: a standalone Spark cluster from the jars Maven
 * fetched. The {@code ./pate} launcher starts them itself (Spark's own main classes, on Spark's
 * class path); they are commands here so that {@code pate --help} lists them, and a call that
 * reaches the CLI by another way says how to start them.
 */
final class SparkClusterCommand {
  private SparkClusterCommand() {}

  @Command(name = "spark-master", mixinStandardHelpOptions = true,
      description = {"Start a standalone Spark master for teachers.executor: spark (./pate"
          + " only; no Spark download). Options are Spark's own."},
      footerHeading = HelpExamples.HEADING,
      footer = {"  ./pate spark-master --host 10.0.0.1 --port 7077"})
  static final class Master implements Callable<Integer> {
    @Parameters(paramLabel = "SPARK_OPTION", description = "Passed to Spark's Master.")
    List<String> options = List.of();

    @Override
    public Integer call() {
      throw launcherOnly("spark-master");
    }
  }

  @Command(name = "spark-worker", mixinStandardHelpOptions = true,
      description = {"Start a standalone Spark worker joining a master (./pate only). Options"
          + " are Spark's own."},
      footerHeading = HelpExamples.HEADING,
      footer = {"  ./pate spark-worker spark://10.0.0.1:7077 --cores 2 --memory 8g"})
  static final class Worker implements Callable<Integer> {
    @Parameters(paramLabel = "MASTER_URL_AND_OPTIONS", description = "Passed to Spark's Worker.")
    List<String> options = List.of();

    @Override
    public Integer call() {
      throw launcherOnly("spark-worker");
    }
  }

  private static UserError launcherOnly(String command) {
    return new UserError(command + ": started by the ./pate launcher (it runs Spark's own main"
        + " class on Spark's class path): ./pate " + command + " ...");
  }
}
