package dev.pate.benchmarks;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.student.StudentData;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (not a test): retrains the student of a finished run from its labels.csv under other
 * student settings, printing each epoch's time and accuracy, so student choices can be compared on
 * identical labels without retraining teachers. A run with a validation split ({@code
 * dataset.validation}) is judged on it, as the pipeline chooses settings, and its validation
 * images stay out of the unlabelled pool; only a run without one is judged on the held-out images.
 * Arguments: RUN_FOLDER [key=value overrides of the run's config.yaml ...].
 *
 * <p>Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -Dpate.repo.root=$PWD -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.StudentFromLabelsBenchmark runs/mnist-quick/STAMP \
 *     student.network.epochs=30
 * </pre>
 */
public final class StudentFromLabelsBenchmark {
  public static void main(String[] args) throws Exception {
    Path run = Path.of(args[0]);
    RunConfig config = ConfigLoader.load(run.resolve("config.yaml"),
        Arrays.asList(args).subList(1, args.length));
    TrainTest data = ImageDatasets.load(config.dataset().name().id(), DataDirectory.standard(null));
    PublicSplit split = PublicSplit.of(data.test(), config.dataset().queryPool())
        .withValidation(config.dataset().validation());
    boolean validation = split.validation().size() > 0;
    String judgedOn = validation ? "validation" : "held-out";
    List<String[]> rows = Files.readAllLines(run.resolve("labels.csv")).stream().skip(1)
        .map(l -> l.split(",", -1)).filter(f -> !f[1].isEmpty()).toList();
    int[] positions = rows.stream().mapToInt(f -> Integer.parseInt(f[0])).toArray();
    int[] labels = rows.stream().mapToInt(f -> Integer.parseInt(f[1])).toArray();
    ImageDataset answered = data.test().subset("answered", positions);
    long[] last = {System.nanoTime()};
    StudentResult r;
    // One network at a time, as the pipeline trains the student: every core.
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      r = StudentTrainer.of(config.student().settings()).train(
          new StudentData(answered, labels, split.pool(),
              validation ? split.validation() : split.holdout()), 7, record -> {
            long now = System.nanoTime();
            System.out.printf(Locale.ROOT, "epoch %d: %.2f s, %s %.4f%n", record.epoch(),
                (now - last[0]) / 1e9, judgedOn, record.testAccuracy());
            last[0] = now;
          });
    }
    System.out.printf(Locale.ROOT, "%s: %d labels, %s accuracy %.4f, %.1f s, curve %s%n",
        Arrays.asList(args).subList(1, args.length), labels.length, judgedOn, r.testAccuracy(),
        r.seconds(),
        r.accuracyCurve());
  }
}
