package dev.pate.benchmarks;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.pretrain.PretrainSettings;
import dev.pate.ensemble.pretrain.PretrainedNetwork;
import dev.pate.ensemble.pretrain.Pretext;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Benchmark (not a test): retrains the student of a finished run from its labels.csv under other
 * student settings, printing each epoch's time and accuracy, so student choices can be compared on
 * identical labels without retraining teachers. A run with a validation split ({@code
 * dataset.validation}) is judged on it, where settings are chosen ({@link JudgedSplit}).
 * Arguments: RUN_FOLDER [key=value overrides of the run's config.yaml ...]; {@code
 * -Dstudent.seed=N} trains the student from another seed (7 by default); {@code
 * -Dstudent.pretrain=EPOCHS} starts it from convolutions pretrained that many epochs on the turns
 * of the run's pool ({@code PretrainedNetwork}, as {@code teachers.pretrain: rotation} starts
 * teachers); {@code -Dstudent.true_labels=true} trains it on the same queries' true labels
 * instead (the validation or held-out examples' labels are never among them), to tell how much
 * the labels' errors cost from how much their number limits; the override {@code
 * student.ensemble=K} trains K students joined, and also prints each one's accuracy. It also
 * prints how many pool images the final student puts in each class, to tell a student that folded
 * one class into another.
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
    Path runFolder = Path.of(args[0]);
    RunConfig config = ConfigLoader.load(runFolder.resolve("config.yaml"),
        Arrays.asList(args).subList(1, args.length));
    JudgedSplit split = JudgedSplit.of(config);
    // -Dstudent.true_labels=true: the same queries with their true labels, the student's ceiling
    // on them (diagnosis on public labels; the run's noisy labels are what it released).
    RunLabels run = RunLabels.read(runFolder, split.split().pool(),
        Boolean.getBoolean("student.true_labels"));
    Dataset answered = run.answered();
    int[] labels = run.labels();
    long[] last = {System.nanoTime()};
    StudentResult r;
    // One network at a time, as the pipeline trains the student: every core.
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      NetworkSpec network = NetworkSpec.of(config.student().network());
      int pretrainEpochs = Integer.getInteger("student.pretrain", 0);
      if (pretrainEpochs > 0) {
        PretrainedNetwork pretrained = PretrainedNetwork.pretrain(network, Pretext.ROTATION,
            new PretrainSettings(pretrainEpochs, 64, 0.002), split.split().pool(), 13,
            config.student().engine().resolve(network));
        System.out.println(pretrained.describe());
        network = pretrained;
      }
      r = StudentTrainer.of(config.student().settings(), network).train(
          split.studentData(answered, labels), Long.getLong("student.seed", 7), record -> {
            long now = System.nanoTime();
            System.out.printf(Locale.ROOT, "epoch %d: %.2f s, %s %.4f%n", record.epoch(),
                (now - last[0]) / 1e9, split.judgedOnName(), record.accuracy());
            last[0] = now;
          });
    }
    System.out.printf(Locale.ROOT, "%s: %d labels, %s accuracy %.4f, %.1f s, curve %s%n",
        Arrays.asList(args).subList(1, args.length), labels.length, split.judgedOnName(),
        r.testAccuracy(), r.seconds(), r.accuracyCurve());
    // An override student.ensemble=K trains K students joined as the run would release them.
    r.ensemble().ifPresent(e -> System.out.println("each student's " + split.judgedOnName()
        + " accuracy (the figure above is theirs joined): " + e.members()));
    int[] perClass = new int[answered.numClasses()];
    for (int c : Classifiers.predict(r.network(), Tensors.features(split.split().pool()))) {
      perClass[c]++;
    }
    System.out.println("pool images the student puts in each class: " + Arrays.toString(perClass));
  }
}
