package dev.pate.benchmarks;

import dev.pate.aggregator.mechanism.Aggregator;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.pipeline.labelling.Mechanisms;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (not a test): trains a student on labels that the config's aggregator draws (seeded)
 * from the PATE 2018 authors' MNIST teacher votes (shared/data/pate2018-votes/mnist_250_teachers.npy, one
 * row per test image in order), so student methods can be compared on paper-grade labels without
 * training 250 teachers. Arguments: CONFIG.yaml [key=value overrides ...]; the config's aggregator
 * section (mechanism, noise, queries), dataset.query_pool and student section are used; the student
 * is judged on the config's validation split if it has one ({@link JudgedSplit}).
 *
 * <p>Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -Dpate.repo.root=$PWD -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.StudentFromVotesBenchmark experiments/mnist-250-confident-gnmax.yaml
 * </pre>
 */
public final class StudentFromVotesBenchmark {
  public static void main(String[] args) throws Exception {
    RunConfig config = ConfigLoader.load(Path.of(args[0]),
        Arrays.asList(args).subList(1, args.length));
    NativeThreads.allCores(); // for the whole benchmark
    JudgedSplit judged = JudgedSplit.of(config);
    PublicSplit split = judged.split();
    VoteMatrix votes = VoteFiles.read(Path.of(System.getProperty("pate.repo.root", "."), "..",
        "shared", "data", "pate2018-votes", "mnist_250_teachers.npy"));
    var a = config.aggregator();
    Aggregator aggregator = Mechanisms.of(a, config.privacy()).aggregator();
    var rng = RandomSources.seeded(config.seed());
    List<Integer> positions = new ArrayList<>();
    List<Integer> labels = new ArrayList<>();
    int correct = 0;
    for (int q = 0; q < a.queries(); q++) {
      double[] row = votes.row(q);
      int[] counts = Arrays.stream(row).mapToInt(v -> (int) v).toArray();
      Answer answer = aggregator.answer(counts, rng);
      if (answer.answered()) {
        positions.add(q);
        labels.add(answer.label());
        correct += answer.label() == split.pool().label(q) ? 1 : 0;
      }
    }
    Dataset answered = split.pool().subset("answered",
        positions.stream().mapToInt(Integer::intValue).toArray());
    int[] noisy = labels.stream().mapToInt(Integer::intValue).toArray();
    System.out.printf(Locale.ROOT, "%d of %d answered, label accuracy %.4f%n", noisy.length,
        a.queries(), correct / (double) noisy.length);
    StudentResult r = StudentTrainer.of(config.student().settings()).train(
        judged.studentData(answered, noisy), 7,
        e -> System.out.printf(Locale.ROOT, "epoch %d: %.4f %s%n", e.epoch(), e.accuracy(),
            e.pseudoLabels().map(p -> String.format(Locale.ROOT, "pseudo %d precision %.4f",
                p.count(), p.precision())).orElse("")));
    System.out.printf(Locale.ROOT, "%s %s: %s accuracy %.4f, %.1f s%n",
        config.student().method().id(), Arrays.asList(args).subList(1, args.length),
        judged.judgedOnName(), r.testAccuracy(), r.seconds());
  }
}
