package dev.pate.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.GuaranteeBasis;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.pipeline.PipelineResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example runs (on small sizes), uses the public API only, and is the README's code. */
class FashionMnistExampleTest {
  private static final Path SOURCE = Path.of(System.getProperty("pate.repo.root", "..")).resolve(
      "examples/src/main/java/dev/pate/examples/FashionMnistExample.java");
  private static final int QUERIES = 200;

  @Test
  void runsAndPrintsTheGuaranteeOfItsQueries(@TempDir Path out) throws IOException {
    Path data = DataDirectory.standard().locate("fashion-mnist");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PipelineResult result = FashionMnistExample.run(data, out,
        new FashionMnistExample.Size(250, 10000, 400, 300, QUERIES, 5),
        new PrintStream(printed, true, StandardCharsets.UTF_8));

    assertTrue(Files.isRegularFile(result.runFolder().resolve("report.json")));
    assertTrue(result.student().isPresent());
    double accuracy = result.report().student().testAccuracy();
    System.out.println("example student accuracy " + accuracy);
    assertTrue(accuracy > 0.4, "student accuracy " + accuracy + " is near chance (0.1)");
    assertEquals("custom", result.report().teachers().architecture());

    // GNMax answers every query: the guarantee is all of them at sigma 40's worst case, and
    // meaningful (issue 30: an example at epsilon 100 teaches the wrong habit).
    double[] perQuery = new GnmaxAccounting(40.0, Orders.defaults(), NoiseKind.DISCRETE)
        .dataIndependentRdp();
    double[] all = new double[perQuery.length];
    for (int i = 0; i < all.length; i++) {
      all[i] = QUERIES * perQuery[i];
    }
    double expected = RdpConversions.epsilon(Orders.defaults(), all, 1e-5,
        Conversion.IMPROVED).epsilon();
    assertEquals(expected, result.privacy().epsilonDataIndependent().epsilon(), 1e-9);
    assertTrue(expected < 4, "epsilon " + expected);
    assertEquals(GuaranteeBasis.EVERY_QUERY_ASKED, result.privacy().basis());
    assertEquals(QUERIES, result.privacy().answered());
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains(String.format(java.util.Locale.ROOT, "privacy: (%.4f, 1e-05)-DP",
        expected)), text);
  }

  /**
   * Library users see only the API: nothing from the pipeline's machinery, the CLI or studies, and
   * no YAML: the run is written in Java alone (issue 25), so nothing from config either.
   */
  @Test
  void usesOnlyThePublicApi() throws IOException {
    List<String> allowed = List.of("java.", "org.deeplearning4j.", "org.nd4j.",
        "dev.pate.datasets.", "dev.pate.ensemble.nn.NetworkSpec",
        "dev.pate.ensemble.TeacherSettings", "dev.pate.student.StudentSettings",
        "dev.pate.aggregator.accounting.", "dev.pate.aggregator.mechanism.Mechanism",
        "dev.pate.pipeline.PatePipeline", "dev.pate.pipeline.progress.PipelineListener",
        "dev.pate.pipeline.PipelineResult", "dev.pate.pipeline.settings.");
    Matcher imports = Pattern.compile("(?m)^import (\\S+);").matcher(Files.readString(SOURCE));
    int count = 0;
    while (imports.find()) {
      String name = imports.group(1);
      assertTrue(allowed.stream().anyMatch(name::startsWith), name + " is not public API");
      count++;
    }
    assertTrue(count > 10, "imports read: " + count);
  }

  /** The README's "Java API" section is the example's code, so that it cannot rot. */
  @Test
  void theReadmeShowsTheExamplesCode() throws IOException {
    String source = Files.readString(SOURCE);
    // Without its final line break, so that stripIndent sees the code's own indentation.
    String code = between(source, "    // README:begin\n", "    // README:end\n")
        .stripTrailing().stripIndent();
    Path readme = SOURCE.getParent().getParent().getParent().getParent().getParent().getParent()
        .getParent().getParent().resolve("README.md");
    String section = between(Files.readString(readme), "<!-- example:begin -->\n```java\n",
        "```\n<!-- example:end -->");
    assertEquals(code, section.strip());
  }

  private static String between(String text, String begin, String end) {
    int from = text.indexOf(begin);
    int to = text.indexOf(end, from + 1);
    assertTrue(from >= 0 && to > from, "markers " + begin.strip() + " ... " + end.strip());
    return text.substring(from + begin.length(), to);
  }
}
