package dev.pate.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.GuaranteeBasis;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The vote-file example labels the PATE 2018 votes within its budget, with the aggregator alone. */
class VoteFileExampleTest {
  private static final Path ROOT = Path.of(System.getProperty("pate.repo.root", ".."));
  private static final Path SOURCE =
      ROOT.resolve("examples/src/main/java/dev/pate/examples/VoteFileExample.java");
  private static final double BUDGET = 2.0;

  private static Path votes() {
    return ROOT.resolve("../shared/data/pate2018-votes/mnist_250_teachers.npy");
  }

  @Test
  void labelsUntilTheBudgetAndStatesAGuaranteeWithinIt() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    VoteFileExample.Result result = VoteFileExample.run(votes(), BUDGET, RandomSources.seeded(3),
        new PrintStream(printed, true, StandardCharsets.UTF_8));

    PrivacyStatement privacy = result.privacy();
    VoteMatrix votes = VoteFiles.read(votes());
    assertTrue(privacy.queries() > 0 && privacy.queries() < votes.queries(),
        "the budget stops the run: " + privacy.queries() + " of " + votes.queries() + " asked");
    // The budget binds: the guarantee is the Renyi filter's limit, the budget itself (never
    // understated: the limit is the upper end of its bisection), and the spent total is within it.
    assertEquals(GuaranteeBasis.BUDGET_FILTER, privacy.basis());
    double epsilon = privacy.epsilonDataIndependent().epsilon();
    assertEquals(BUDGET, epsilon, 1e-9);
    assertTrue(epsilon >= BUDGET, "never understated: " + epsilon);
    assertTrue(privacy.epsilonSpent().epsilon() <= BUDGET, "spent " + privacy.epsilonSpent());

    int[] labels = result.labels();
    assertEquals(privacy.queries(), labels.length);
    int answered = 0;
    int plurality = 0;
    for (int q = 0; q < labels.length; q++) {
      if (labels[q] != Answer.NO_LABEL) {
        answered++;
        plurality += labels[q] == argMax(votes.row(q)) ? 1 : 0;
      }
    }
    assertEquals(privacy.answered(), answered);
    // Answered queries passed a noisy threshold of 200 of 250 votes, so most answers are the
    // plurality (sigma 40 overturns some close ones); a miswired class index would give about 1/10.
    assertTrue(plurality > 0.8 * answered, plurality + " of " + answered + " are the plurality");
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("stopped: budget"), text);
  }

  /** No network, no DL4J: the example runs on the class path of the aggregator module alone. */
  @Test
  void runsWithoutDl4jOnTheClassPath() throws Exception {
    URL[] classes = {
        ROOT.resolve("examples/target/classes/").toUri().toURL(),
        ROOT.resolve("aggregator/target/classes/").toUri().toURL(),
        ROOT.resolve("files/target/classes/").toUri().toURL()};
    try (URLClassLoader alone = new URLClassLoader(classes,
        ClassLoader.getPlatformClassLoader())) {
      assertThrows(ClassNotFoundException.class,
          () -> alone.loadClass("org.deeplearning4j.nn.multilayer.MultiLayerNetwork"));
      Class<?> example = alone.loadClass(VoteFileExample.class.getName());
      Class<?> noiseSource = alone.loadClass("dev.pate.aggregator.noise.NoiseSource");
      Object noise = alone.loadClass(RandomSources.class.getName())
          .getMethod("seeded", long.class).invoke(null, 3L);
      Method run = example.getMethod("run", Path.class, double.class, noiseSource,
          PrintStream.class);
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      run.invoke(null, votes(), BUDGET, noise,
          new PrintStream(printed, true, StandardCharsets.UTF_8));
      assertTrue(printed.toString(StandardCharsets.UTF_8).contains("-DP"), printed.toString());
    }
  }

  @Test
  void importsTheAggregatorOnly() throws IOException {
    Matcher imports = Pattern.compile("(?m)^import (\\S+);").matcher(Files.readString(SOURCE));
    int count = 0;
    while (imports.find()) {
      String name = imports.group(1);
      assertTrue(List.of("java.", "dev.pate.aggregator.").stream().anyMatch(name::startsWith),
          name + " is more than the aggregator");
      count++;
    }
    assertTrue(count > 10, "imports read: " + count);
  }

  private static int argMax(double[] counts) {
    int best = 0;
    for (int c = 1; c < counts.length; c++) {
      if (counts[c] > counts[best]) {
        best = c;
      }
    }
    return best;
  }
}
