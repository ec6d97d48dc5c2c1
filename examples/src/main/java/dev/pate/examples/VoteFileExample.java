package dev.pate.examples;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.mechanism.ConfidentGnMax;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Labels votes you already have, with no network and no DL4J: the PATE 2018 authors' MNIST vote
 * file (250 teachers' votes on 9000 queries, {@code ../shared/data/pate2018-votes}) through
 * Confident-GNMax and the privacy accountant, under a budget: each query is asked only while its
 * worst-case cost keeps the run within the budget, and the guarantee is stated at the end. It
 * needs the aggregator module alone ({@code VoteFileExampleTest} runs it without DL4J on the class
 * path).
 *
 * <pre>
 * java -cp "examples/target/classes:cli/target/lib/*" dev.pate.examples.VoteFileExample \
 *     ../shared/data/pate2018-votes/mnist_250_teachers.npy 2.0
 * </pre>
 */
public final class VoteFileExample {

  /**
   * What labelling the file gave.
   *
   * @param labels one per query asked, {@link Answer#NO_LABEL} where the mechanism abstained
   * @param privacy the accountant's statement: the guarantee, and what it rests on
   */
  public record Result(int[] labels, PrivacyStatement privacy) {
    /** A copy: the labels are the caller's. */
    @Override
    public int[] labels() {
      return labels.clone();
    }
  }

  private VoteFileExample() {}

  public static void main(String[] args) {
    Path votes = Path.of(args.length > 0 ? args[0]
        : "../shared/data/pate2018-votes/mnist_250_teachers.npy");
    double budget = args.length > 1 ? Double.parseDouble(args[1]) : 2.0;
    run(votes, budget, RandomSources.secure(), System.out);
  }

  /**
   * Labels the votes of {@code file} (rows are queries, columns classes) within {@code budget}
   * epsilon at delta 1e-5, drawing the noise from {@code noise} ({@link RandomSources#secure()}
   * for labels you publish).
   */
  public static Result run(Path file, double budget, NoiseSource noise, PrintStream console) {
    // The PATE 2018 MNIST setting: answer when the top count plus N(0, 150^2) reaches 200, then
    // a noisy arg max with N(0, 40^2).
    Mechanism.ConfidentGnmax mechanism = new Mechanism.ConfidentGnmax(200, 150, 40);
    ConfidentGnMax aggregator = Aggregators.confidentGnmax(mechanism.threshold(),
        mechanism.sigma1(), mechanism.sigma2());
    ConfidentGnmaxAccounting accounting = new ConfidentGnmaxAccounting(mechanism.threshold(),
        mechanism.sigma1(), mechanism.sigma2(), Orders.defaults(), NoiseKind.DISCRETE);

    VoteMatrix votes = VoteFiles.read(file);
    if (!votes.integral()) {
      throw new IllegalArgumentException(file + ": the votes are not whole counts per class");
    }
    PrivacyAccountant accountant = new PrivacyAccountant(accounting,
        Optional.of(Budget.of(budget, 1e-5)), votes.queries());
    int[] labels = new int[votes.queries()];
    int asked = 0;
    // The refusal depends only on what was released so far, so stopping there leaks nothing.
    while (asked < votes.queries() && accountant.refusal().isEmpty()) {
      double[] counts = votes.row(asked);
      Answer answer = aggregator.answer(Arrays.stream(counts).mapToInt(c -> (int) c).toArray(),
          noise); // whole counts, checked above
      accountant.charge(counts, answer.answered());
      labels[asked++] = answer.label();
    }

    PrivacyStatement privacy = accountant.report(1e-5, Conversion.IMPROVED);
    console.printf(Locale.ROOT, "%s: %d of %d queries asked, %d answered%n", file.getFileName(),
        privacy.queries(), votes.queries(), privacy.answered());
    accountant.refusal().ifPresent(why -> console.println("stopped: " + why));
    console.printf(Locale.ROOT, "privacy: (%.4f, %.0e)-DP, %s%n",
        privacy.epsilonDataIndependent().epsilon(), privacy.epsilonDataIndependent().delta(),
        privacy.basis().description());
    return new Result(Arrays.copyOf(labels, asked), privacy);
  }
}
